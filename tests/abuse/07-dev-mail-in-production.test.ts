import { describe, expect, it } from "vitest";
import { serverForFile } from "./server";

/*
 * Finding 7: with SMTP_URL unset, the outbox (every reset link) was served to any loopback request
 * without forwarding headers, so a same-host proxy that adds no header exposed it. In production
 * it is now served only with DEV_MAIL=true, and start-up says where mail goes.
 */
describe("in production without DEV_MAIL", () => {
  const s = serverForFile();
  it("does not serve /dev/mail, even to this machine", async () => {
    expect((await fetch(`${s.url}/dev/mail`)).status).toBe(404);
    expect((await fetch(`${s.url}/dev/mail.data`)).status).toBe(404);
  });
  it("says at start-up where mail goes", () => {
    expect(s.server.output()).toMatch(/"mail":"files in [^"]+ \(set SMTP_URL to send real mail\)"/);
  });
});

describe("in production with DEV_MAIL=true", () => {
  const s = serverForFile({ DEV_MAIL: "true" });
  it("serves it to this machine only, never through a proxy", async () => {
    expect((await fetch(`${s.url}/dev/mail`)).status).toBe(200);
    const proxied = await fetch(`${s.url}/dev/mail`, {
      headers: { "x-forwarded-for": "127.0.0.1" },
    });
    expect(proxied.status).toBe(404);
    expect(s.server.output()).toMatch(/readable at \/dev\/mail from this machine only/);
  });
});
