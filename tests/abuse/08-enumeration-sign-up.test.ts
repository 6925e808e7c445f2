import { describe, expect, it } from "vitest";
import { flashSetBy } from "../setup/server-process";
import { outbox, serverForFile } from "./server";

/*
 * Finding 8 (sign-up half): sign-up said "already exists" (409) for a member's address. It now
 * answers a taken address exactly as a new one (status, redirect, notice), creates nothing, and
 * mails the owner that someone tried.
 */
const s = serverForFile({ TRUST_PROXY: "1", SIGN_UPS_PER_IP_PER_HOUR: "100" });

const signUp = (email: string, from: string) =>
  fetch(`${s.url}/auth?tab=signup`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": from },
    body: new URLSearchParams({
      intent: "signup",
      fullName: "Probe",
      email,
      password: "Cedar-Hama-Waterwheel-9",
      redirectTo: "/my-listings",
    }),
    redirect: "manual",
  });

/**
 * The notice a response leaves: its key and the cookie's attributes. Its value is new for every
 * notice (so the same notice twice shows twice), and says nothing else.
 */
const notice = async (res: Response) => {
  const cookies = res.headers.getSetCookie().filter((c) => c.startsWith("souqna_flash="));
  return {
    key: await flashSetBy(res),
    attributes: cookies.map((c) => c.split(";").slice(1).join(";")),
  };
};

describe("sign-up with an address that already has an account", () => {
  it("answers like any sign-up and tells the owner by e-mail", async () => {
    const taken = `owner-${Date.now()}@example.com`;
    const first = await signUp(taken, "198.51.100.1");
    const fresh = await signUp(`fresh-${Date.now()}@example.com`, "198.51.100.2");
    const again = await signUp(taken, "198.51.100.3");
    for (const res of [fresh, again]) {
      expect(res.status).toBe(first.status);
      expect(res.headers.get("location")).toBe(first.headers.get("location"));
      expect(await notice(res)).toEqual(await notice(first));
      expect(await res.text()).toBe("");
    }
    expect(first.status).toBe(302);
    // The confirmation at the first sign-up and the warning about the second, sent by the job
    // queue a moment later (in either order).
    const mailTo = () => outbox(s.dataDir).filter((m) => m.includes(taken));
    await expect.poll(() => mailTo().length, { timeout: 20_000 }).toBe(2);
    const mail = mailTo();
    expect(mail.filter((m) => /Someone tried to create a Souqna account/.test(m))).toHaveLength(1);
  });
});
