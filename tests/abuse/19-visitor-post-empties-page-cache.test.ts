import { describe, expect, it } from "vitest";
import { postForm, postListingOverHttp, signUpOverHttp } from "../setup/http-members";
import { serverForFile } from "./server";

/*
 * Finding 7: any write answered below 400 — a visitor's POST /logout included — emptied the
 * whole page cache; one such POST every 50 ms cut the home page from 219 to 83 pages a second.
 * Now only a member's successful write (a session that exists, not a cookie of its name) empties
 * the cache, and only what it can have changed: a listing's own page and the lists for a change
 * to that listing; nothing for a change to a member's own things (server/page-cache.ts).
 */
const s = serverForFile({
  PAGE_CACHE_HEADER: "true",
  // Long enough that nothing expires while a test runs: a miss means the cache was emptied.
  PAGE_CACHE_SECONDS: "60",
  TRUST_PROXY: "1",
  SIGN_UPS_PER_IP_PER_HOUR: "100",
});

/** Whether `path` came from the cache ("hit") or was rendered ("miss"), for a visitor. */
async function state(path: string) {
  const res = await fetch(`${s.url}${path}`);
  await res.arrayBuffer();
  return res.headers.get("x-page-cache");
}

/** Renders `paths` for visitors and checks they are now cached. */
async function cached(...paths: string[]) {
  for (const path of paths) await state(path);
  for (const path of paths) expect(await state(path), path).toBe("hit");
}

describe("the page cache under writes", () => {
  it("is not emptied by a visitor's POST, even with a made-up session cookie", async () => {
    await cached("/", "/search?q=");
    const logout = await postForm(s.url, "/logout", "", {});
    expect(logout.status).toBeLessThan(400);
    // A cookie with the session's name but no session behind it: sent to sign in (302).
    const forged = await postForm(s.url, "/post-ad", "souqna.session_token=made-up.signature", {
      intent: "save",
    });
    expect(forged.status).toBeLessThan(400);
    expect(await state("/")).toBe("hit");
    expect(await state("/search?q=")).toBe("hit");
  });

  it("is not emptied by a member's refused write, nor one to their own settings", async () => {
    const member = await signUpOverHttp(s.url, {
      name: "Settler",
      email: `settler-${Date.now()}@example.com`,
    });
    await cached("/");
    const settings = await postForm(s.url, "/settings", member.cookie, {
      intent: "language",
      language: "ar",
    });
    expect(settings.status).toBe(302);
    const refused = await postForm(
      s.url,
      "/listing/00000000-0000-4000-8000-000000000000",
      member.cookie,
      { intent: "sold" },
    );
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(await state("/")).toBe("hit");
  });

  it("forgets a changed listing's page and the lists, not other listings' pages", async () => {
    const seller = await signUpOverHttp(s.url, {
      name: "Seller",
      email: `seller-${Date.now()}@example.com`,
    });
    const sold = await postListingOverHttp(s.url, seller, "Bicycle to be sold");
    const other = await postListingOverHttp(s.url, seller, "Bicycle still for sale");
    await cached("/", "/search?q=", `/listing/${sold}`, `/listing/${other}`);
    const res = await postForm(s.url, `/listing/${sold}`, seller.cookie, { intent: "sold" });
    expect(res.status).toBe(302);
    expect(await state(`/listing/${sold}`)).toBe("miss");
    expect(await state("/")).toBe("miss");
    expect(await state("/search?q=")).toBe("miss");
    expect(await state(`/listing/${other}`)).toBe("hit");
  });
});
