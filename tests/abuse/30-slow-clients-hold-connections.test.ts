import net from "node:net";
import { describe, expect, it } from "vitest";
import { serverForFile } from "./server";

/*
 * Found beside finding 1 (slowloris): Node's defaults let a client that sends its headers a byte
 * at a time hold a connection for 60 to 90 s, and one that trickles a body for 5 minutes, while
 * the same 5-minute deadline cut uploads that were merely slow (ten phone photos sent without
 * JavaScript over slow 3G). Now headers must arrive within 20 s, and a body within 20 s plus a
 * second per 500 bytes it has sent (Apache's defaults), however long it takes as long as it keeps
 * that pace (server/http-server.ts).
 */
const s = serverForFile();

/**
 * Opens a connection, sends `head`, then one of `pieces` every `everyMs` (while the server keeps
 * it).
 * Resolves with what the server answered and after how long it closed the connection, or with
 * `open: true` if it still had not after `giveUpMs`.
 */
function trickle(head: string, pieces: string[], everyMs: number, giveUpMs: number) {
  const { hostname, port } = new URL(s.url);
  return new Promise<{ open: boolean; ms: number; text: string }>((resolve) => {
    const started = performance.now();
    let text = "";
    const socket = net.connect(Number(port), hostname, () => socket.write(head));
    const pump = setInterval(() => {
      const piece = pieces.shift();
      if (piece !== undefined && !socket.destroyed) socket.write(piece);
    }, everyMs);
    const done = (open: boolean) => {
      clearInterval(pump);
      clearTimeout(giveUp);
      socket.destroy();
      resolve({ open, ms: performance.now() - started, text });
    };
    const giveUp = setTimeout(() => done(true), giveUpMs);
    socket.on("data", (chunk) => {
      text += chunk;
    });
    socket.on("error", () => {});
    socket.on("close", () => done(false));
  });
}

describe.concurrent("slow clients", () => {
  it("cannot hold a connection by sending its headers a byte at a time", async () => {
    const result = await trickle(
      `GET / HTTP/1.1\r\nHost: ${new URL(s.url).host}\r\n`,
      Array(60).fill("X"),
      1_000,
      40_000,
    );
    expect(result.open).toBe(false);
    expect(result.ms).toBeLessThan(30_000);
    expect(result.text).toMatch(/^HTTP\/1\.1 408/);
  });

  it("cannot hold a connection by trickling a form's body", async () => {
    const head =
      `POST /forgot-password HTTP/1.1\r\nHost: ${new URL(s.url).host}\r\nOrigin: ${s.url}\r\n` +
      "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 60000\r\n\r\nemail=";
    const result = await trickle(head, Array(60).fill("aaaaaaaaaa"), 2_000, 40_000);
    expect(result.open).toBe(false);
    expect(result.ms).toBeLessThan(30_000);
  });

  it("answers a form whose body keeps a slow but steady pace past the 20 s", async () => {
    const body = `email=${"a".repeat(29_994)}`;
    const head =
      `POST /forgot-password HTTP/1.1\r\nHost: ${new URL(s.url).host}\r\nOrigin: ${s.url}\r\n` +
      `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\n` +
      "Connection: close\r\n\r\n";
    // 1,200 bytes a second: 25 s for the 30,000 bytes.
    const pieces = body.match(/.{1,1200}/g) ?? [];
    const result = await trickle(head, pieces, 1_000, 50_000);
    expect(result.open).toBe(false);
    expect(result.text).toMatch(/^HTTP\/1\.1 [2-4]\d\d/);
  });
});
