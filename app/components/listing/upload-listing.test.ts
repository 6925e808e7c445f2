import { describe, expect, it } from "vitest";
import { readUploadReply } from "./upload-listing";

const json = "application/json; charset=utf-8";

describe("reading the listing upload's answer", () => {
  it("follows a success to a page of this site only", () => {
    const body = JSON.stringify({ ok: true, redirectTo: "/listing/abc" });
    expect(readUploadReply({ status: 200, contentType: json, body }, "x")).toEqual({
      ok: true,
      redirectTo: "/listing/abc",
    });
    const away = JSON.stringify({ ok: true, redirectTo: "https://evil.example" });
    expect(readUploadReply({ status: 200, contentType: json, body: away }, "x")).toEqual({
      ok: false,
      formError: "x",
    });
  });

  it("passes the form's errors on", () => {
    const body = JSON.stringify({
      ok: false,
      fieldErrors: { title: "Required" },
      formError: "Fix",
    });
    expect(readUploadReply({ status: 400, contentType: json, body }, "x")).toEqual({
      ok: false,
      fieldErrors: { title: "Required" },
      formError: "Fix",
    });
  });

  it("shows the cross-site refusal's own translated text", () => {
    const body = "This request came from another website and was refused.";
    expect(
      readUploadReply({ status: 403, contentType: "text/plain; charset=utf-8", body }, "x"),
    ).toEqual({ ok: false, formError: body });
  });

  it("never leaves the member without a message", () => {
    for (const raw of [
      { status: 502, contentType: "text/html", body: "<html>Bad gateway</html>" },
      { status: 500, contentType: json, body: "{not json" },
      { status: 200, contentType: json, body: JSON.stringify({ ok: false }) },
    ]) {
      expect(readUploadReply(raw, "Try again")).toEqual({ ok: false, formError: "Try again" });
    }
  });
});
