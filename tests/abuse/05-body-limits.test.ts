import net from "node:net";
import { describe, expect, it } from "vitest";
import { serverForFile } from "./server";

/*
 * Finding 5: a 100 MB form to /auth and a 200 MB multipart to /forgot-password were read whole
 * (server memory 1.08 → 1.45 GB). Every body now has a ceiling by route, checked against
 * Content-Length before a byte is read; the answer is a translated 413.
 */
const s = serverForFile();

/** Sends only the headers of a request announcing `length` bytes; resolves with the status line. */
function announce(pathname: string, length: number, type: string, lang = "en") {
  const { hostname, port } = new URL(s.url);
  return new Promise<{ status: number; text: string; ms: number }>((resolve, reject) => {
    const started = performance.now();
    const socket = net.connect(Number(port), hostname, () => {
      socket.write(
        `POST ${pathname} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nContent-Type: ${type}\r\n` +
          `Content-Length: ${length}\r\nAccept-Language: ${lang}\r\n\r\n` +
          "a".repeat(1024),
      );
    });
    let raw = "";
    socket.on("data", (chunk) => {
      raw += chunk;
    });
    socket.on("close", () => {
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(raw)?.[1] ?? 0);
      resolve({
        status,
        text: raw.split("\r\n\r\n").slice(1).join(""),
        ms: performance.now() - started,
      });
    });
    socket.on("error", reject);
    socket.setTimeout(10_000, () => socket.destroy());
  });
}

async function rss() {
  const { readFileSync } = await import("node:fs");
  const status = readFileSync(`/proc/${s.server.process.pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
}

describe("request bodies are capped by route before they are read", () => {
  it("answers a 100 MB sign-in form with 413 at once, in the visitor's language", async () => {
    const before = await rss();
    const res = await announce("/auth", 100 * 1024 * 1024, "application/x-www-form-urlencoded");
    expect(res.status).toBe(413);
    expect(res.text).toContain("larger than Souqna accepts");
    expect(res.ms).toBeLessThan(5000);
    const ar = await announce(
      "/forgot-password",
      200 * 1024 * 1024,
      "multipart/form-data; boundary=x",
      "ar",
    );
    expect(ar.status).toBe(413);
    expect(ar.text).toContain("أكبر مما يقبله سوقنا");
    // Nothing was buffered: memory did not grow by anything like the announced sizes.
    expect((await rss()) - before).toBeLessThan(30 * 1024 * 1024);
  });

  it("lets the listing form announce a full set of photos but not more", async () => {
    const ok = await announce("/post-ad", 100 * 1024 * 1024, "multipart/form-data; boundary=x");
    // Not refused for its size: the route reads it (and the visitor is sent to sign in).
    expect(ok.status).not.toBe(413);
    const tooBig = await announce("/post-ad", 400 * 1024 * 1024, "multipart/form-data; boundary=x");
    expect(tooBig.status).toBe(413);
    const favourites = await announce(
      "/api/favorites",
      5 * 1024 * 1024,
      "application/x-www-form-urlencoded",
    );
    expect(favourites.status).toBe(413);
  });

  it("still accepts an ordinary form", async () => {
    const res = await fetch(`${s.url}/forgot-password`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: "someone@example.com" }),
      redirect: "manual",
    });
    expect(res.status).toBeLessThan(400);
  });
});
