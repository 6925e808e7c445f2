import { describe, expect, it } from "vitest";
import { createFlash, type FlashKey } from "./flash.server";

const SECRET = "a-session-secret-of-at-least-32-characters!";
const flash = createFlash(SECRET);

/** The request the next page gets: the cookie's name and value, as a browser sends it back. */
const next = (setCookie: string) =>
  new Request("https://souqna.example/", { headers: { cookie: setCookie.split(";")[0] ?? "" } });

describe("the flash notice", () => {
  it("is a short, HttpOnly, same-site cookie for the whole site", async () => {
    const cookie = await flash.cookie("signed-up");
    expect(cookie).toMatch(/^souqna_flash=[^;]+; Max-Age=120; Path=\/; HttpOnly; SameSite=Lax$/);
  });

  it("carries its key to the next page, with the header that clears it", async () => {
    const read = await flash.read(next(await flash.cookie("listing-created")));
    expect(read).toEqual({
      key: "listing-created",
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      clear: "souqna_flash=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax",
    });
  });

  it("is a new notice every time, so the same one after a second action shows again", async () => {
    const first = await flash.read(next(await flash.cookie("moderation-saved")));
    const second = await flash.read(next(await flash.cookie("moderation-saved")));
    expect(first?.key).toBe("moderation-saved");
    expect(second?.key).toBe("moderation-saved");
    expect(first?.id).not.toBe(second?.id);
  });

  it("redirects after the action's own cookies", async () => {
    const res = await flash.redirect("/auth", "signed-out", ["session=; Max-Age=0"]);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/auth");
    const [session, notice = ""] = res.headers.getSetCookie();
    expect(session).toBe("session=; Max-Age=0");
    expect((await flash.read(next(notice)))?.key).toBe("signed-out");
  });

  it("shows nothing for a cookie it did not sign", async () => {
    const signed = (await flash.cookie("account-deleted")).split(";")[0] ?? "";
    // The value is the key's JSON in base64, a dot, and the signature.
    const [payload, signature] = decodeURIComponent(signed.slice("souqna_flash=".length)).split(
      ".",
    );
    const forged = [
      // The old, unsigned form, and any value written by hand.
      "souqna_flash=account-deleted",
      `souqna_flash=${payload}`,
      // Another key's signature, and a signature one character off.
      `souqna_flash=${encodeURIComponent(`${btoa('"signed-up"')}.${signature}`)}`,
      `${signed.slice(0, -1)}${signed.endsWith("A") ? "B" : "A"}`,
      "souqna_flash=",
      "souqna_flash=%E0%A4%A",
    ];
    for (const cookie of forged) {
      const request = new Request("https://souqna.example/", { headers: { cookie } });
      expect(await flash.read(request), cookie).toBeUndefined();
    }
    // Signed by a server with another secret.
    const other = createFlash("another-secret-of-at-least-32-characters!!");
    expect(await flash.read(next(await other.cookie("account-deleted")))).toBeUndefined();
  });

  it("shows only known keys, even when signed", async () => {
    const gone = await flash.cookie("a-notice-no-longer-shown" as FlashKey);
    expect(await flash.read(next(gone))).toBeUndefined();
    expect(await flash.read(new Request("https://souqna.example/"))).toBeUndefined();
  });
});
