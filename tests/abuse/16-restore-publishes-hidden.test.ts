import { describe, expect, it } from "vitest";
import { setMemberRole } from "../../app/domain/moderation/set-member-role.server";
import { postListingOverHttp, signUpOverHttp } from "../setup/http-members";
import { serverForFile } from "./server";

/*
 * Finding 16: remove → restore published what the owner had hidden, and the owner could edit a
 * listing while a moderator held it. Restore now puts back exactly the previous status, and a
 * held or removed listing cannot be edited.
 */
const s = serverForFile({ TRUST_PROXY: "1", SIGN_UPS_PER_IP_PER_HOUR: "100" });

const post = (pathname: string, cookie: string, fields: Record<string, string>) =>
  fetch(`${s.url}${pathname}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });

describe("a listing its owner had hidden, removed and then restored by a moderator", () => {
  it("stays hidden, and cannot be edited while removed", async () => {
    const stamp = Date.now();
    const owner = await signUpOverHttp(s.url, { name: "Owner", email: `o16-${stamp}@example.com` });
    const mod = await signUpOverHttp(s.url, { name: "Mod", email: `m16-${stamp}@example.com` });
    await s.withDatabase((db) => setMemberRole({ db, email: mod.email, role: "moderator" }));
    const id = await postListingOverHttp(s.url, owner, "Private sofa");

    expect(
      (await post("/my-listings", owner.cookie, { intent: "hide", listingId: id })).status,
    ).toBe(302);
    expect((await fetch(`${s.url}/listing/${id}`)).status).toBe(404);
    const removed = await post("/moderation", mod.cookie, {
      intent: "remove",
      listingId: id,
      reason: "Checking",
    });
    expect(removed.status).toBeLessThan(400);

    // The owner cannot swap the content while a moderator looks at it: page and POST refused.
    expect(
      (await fetch(`${s.url}/edit-listing/${id}`, { headers: { cookie: owner.cookie } })).status,
    ).toBe(403);
    const form = new FormData();
    form.set("intent", "save");
    form.set("title", "Innocent sofa");
    form.set("description", "Nothing to see");
    form.set("price", "1000");
    form.set("categoryId", "7");
    form.set("location", "homs");
    const edit = await fetch(`${s.url}/edit-listing/${id}`, {
      method: "POST",
      headers: { cookie: owner.cookie },
      body: form,
      redirect: "manual",
    });
    expect(edit.status).toBe(403);

    const restored = await post("/moderation", mod.cookie, {
      intent: "restore",
      listingId: id,
      reason: "Fine",
    });
    expect(restored.status).toBeLessThan(400);
    // Still the owner's hidden listing: not published by the restore.
    expect((await fetch(`${s.url}/listing/${id}`)).status).toBe(404);
    const own = await (
      await fetch(`${s.url}/listing/${id}`, { headers: { cookie: owner.cookie } })
    ).text();
    expect(own).toContain("Private sofa");
  });
});
