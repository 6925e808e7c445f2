import { describe, expect, it } from "vitest";
import { signUpOverHttp } from "../setup/http-members";
import { serverForFile } from "./server";

/*
 * Finding 10: the current-password checks of "change password" and "delete account" were
 * unlimited, so a stolen session could guess the password. They are now limited like sign-in.
 */
const s = serverForFile({ TRUST_PROXY: "1", SIGN_UPS_PER_IP_PER_HOUR: "100" });

const settings = (cookie: string, fields: Record<string, string>) =>
  fetch(`${s.url}/settings`, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      cookie,
      "x-forwarded-for": "203.0.113.90",
    },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });

describe("guessing the current password with a stolen session", () => {
  it("is limited across change-password and delete-account, and the account survives", async () => {
    const member = await signUpOverHttp(s.url, {
      name: "Stolen",
      email: `stolen-${Date.now()}@example.com`,
    });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await settings(member.cookie, {
        intent: "password",
        currentPassword: `guess-${i}-abc`,
        password: "Another-Long-Pass-8",
        confirmPassword: "Another-Long-Pass-8",
      });
      statuses.push(res.status);
    }
    for (let i = 0; i < 4; i++) {
      const res = await settings(member.cookie, {
        intent: "delete",
        password: `guess-d${i}-abc`,
        confirm: "yes",
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 5).every((status) => status === 400 || status === 401)).toBe(true);
    expect(statuses.slice(5)).toEqual([429, 429, 429]);
    // Even the right password waits now: the thief cannot use the window to finish the job.
    const right = await settings(member.cookie, {
      intent: "delete",
      password: "Cedar-Hama-Waterwheel-9",
      confirm: "yes",
    });
    expect(right.status).toBe(429);
    const profile = await fetch(`${s.url}/profile`, {
      headers: { cookie: member.cookie },
      redirect: "manual",
    });
    expect(profile.status).toBe(200);
  });
});
