import { describe, expect, it } from "vitest";
import { buildSupportMailto, validateContactForm } from "./contact-support";

describe("validateContactForm", () => {
  it("asks for every field when any is blank after trimming", () => {
    expect(validateContactForm({ email: "", subject: "a", message: "b" })).toEqual({
      ok: false,
      error: "required",
    });
    expect(validateContactForm({ email: "a@b.co", subject: "   ", message: "b" })).toEqual({
      ok: false,
      error: "required",
    });
    expect(validateContactForm({ email: "a@b.co", subject: "a", message: "\n\t " })).toEqual({
      ok: false,
      error: "required",
    });
  });

  it("rejects something that is not an e-mail address", () => {
    expect(validateContactForm({ email: "not-an-email", subject: "a", message: "b" })).toEqual({
      ok: false,
      error: "email",
    });
    expect(validateContactForm({ email: "<script>@x", subject: "a", message: "b" })).toEqual({
      ok: false,
      error: "email",
    });
  });

  it("accepts and trims a complete form, Arabic and emoji included", () => {
    expect(
      validateContactForm({
        email: " user@example.sy ",
        subject: " مشكلة في الإعلان ",
        message: " لا تظهر الصور 📷 ",
      }),
    ).toEqual({
      ok: true,
      value: { email: "user@example.sy", subject: "مشكلة في الإعلان", message: "لا تظهر الصور 📷" },
    });
  });
});

describe("buildSupportMailto", () => {
  it("encodes subject and body so hostile text cannot add headers", () => {
    const url = buildSupportMailto(
      "support@souqna.app",
      { email: "a@b.co", subject: "Hi&cc=evil@x.com", message: "line1\r\nBcc: x@y.z" },
      "Sent from Souqna",
    );
    expect(url.startsWith("mailto:support@souqna.app?subject=")).toBe(true);
    expect(url).not.toContain("&cc=");
    expect(url).not.toContain("\n");
    const params = new URLSearchParams(url.split("?")[1]);
    expect(params.get("subject")).toBe("Hi&cc=evil@x.com");
    expect(params.get("body")).toContain("line1\r\nBcc: x@y.z");
  });
});
