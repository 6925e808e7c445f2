import { describe, expect, it } from "vitest";
import { readUploadReply } from "./upload-listing";

const json = "application/json; charset=utf-8";
const message = (text: string) => ({ status: "error", error: { "": [text] } });

describe("reading the listing upload's answer", () => {
  it("follows a success to a page of this site only", () => {
    const body = JSON.stringify({ redirectTo: "/listing/abc" });
    expect(readUploadReply({ status: 200, contentType: json, body }, "x")).toEqual({
      redirectTo: "/listing/abc",
    });
    for (const to of ["https://evil.example", "//evil.example"]) {
      const away = JSON.stringify({ redirectTo: to });
      expect(readUploadReply({ status: 200, contentType: json, body: away }, "x")).toEqual(
        message("x"),
      );
    }
  });

  it("passes the form's reply on, as the page's action would answer it", () => {
    const reply = {
      status: "error",
      initialValue: { title: "" },
      error: { title: ["Required"], "": ["Fix"] },
    };
    const body = JSON.stringify(reply);
    expect(readUploadReply({ status: 400, contentType: json, body }, "x")).toEqual(reply);
  });

  it("shows the cross-site refusal's own translated text", () => {
    const body = "This request came from another website and was refused.";
    expect(
      readUploadReply({ status: 403, contentType: "text/plain; charset=utf-8", body }, "x"),
    ).toEqual(message(body));
  });

  it("never leaves the member without a message", () => {
    for (const raw of [
      { status: 502, contentType: "text/html", body: "<html>Bad gateway</html>" },
      { status: 500, contentType: json, body: "{not json" },
      { status: 200, contentType: json, body: JSON.stringify({ status: "error" }) },
      { status: 200, contentType: json, body: JSON.stringify({ ok: false }) },
    ]) {
      expect(readUploadReply(raw, "Try again")).toEqual(message("Try again"));
    }
  });
});
