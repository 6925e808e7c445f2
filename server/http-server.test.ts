import { once } from "node:events";
import type { AddressInfo } from "node:net";
import net from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { type ClientLimits, createHttpServer } from "./http-server";

/*
 * The server's limits on slow clients, with short values, over real sockets: a stalled reader or
 * sender is dropped, a slow one that keeps moving is not, and neither is a quiet response that
 * asked for it (the live-message stream) or a server that thinks for a while.
 */
const LIMITS: ClientLimits = {
  headersMs: 1_000,
  stallMs: 400,
  bodyGraceMs: 500,
  bodyBytesPerSecond: 500,
};
const MB = 1024 * 1024;
let close: () => Promise<void> = async () => {};
afterEach(() => close());

interface Outcome {
  /** The response was written to its end. */
  finished: boolean;
  /** When its connection closed, in ms from the request. */
  ms: number;
}

/** A server whose one route is `handler`; `outcome` is that of its first response. */
async function serve(
  handler: (
    req: import("node:http").IncomingMessage,
    res: import("node:http").ServerResponse,
  ) => void,
) {
  let first: (outcome: Outcome) => void = () => {};
  const outcome = new Promise<Outcome>((resolve) => {
    first = resolve;
  });
  const server = createHttpServer((req, res) => {
    const started = performance.now();
    res.once("close", () =>
      first({ finished: res.writableFinished, ms: performance.now() - started }),
    );
    handler(req, res);
  }, LIMITS);
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const port = (server.address() as AddressInfo).port;
  const sockets = new Set<net.Socket>();
  close = async () => {
    for (const socket of sockets) socket.destroy();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  };
  const connect = async () => {
    const socket = net.connect(port, "127.0.0.1");
    sockets.add(socket);
    await once(socket, "connect");
    return socket;
  };
  return { outcome, connect };
}

/** Writes `bytes` the way React Router does: waiting for the client to drain. */
async function writeLarge(res: import("node:http").ServerResponse, bytes: number) {
  res.setHeader("Content-Type", "text/plain");
  const chunk = Buffer.alloc(64 * 1024, "a");
  for (let sent = 0; sent < bytes && !res.destroyed; sent += chunk.length) {
    if (!res.write(chunk)) await Promise.race([once(res, "drain"), once(res, "close")]);
  }
  res.end();
}

/** Resolves when the server has closed the connection: what it sent, and whether it ended. */
function closed(socket: net.Socket) {
  return new Promise<{ bytes: number; text: string }>((resolve) => {
    let text = "";
    let bytes = 0;
    socket.on("data", (chunk: Buffer) => {
      bytes += chunk.length;
      if (text.length < 1024) text += chunk.toString("latin1");
    });
    socket.on("error", () => {});
    socket.once("close", () => resolve({ bytes, text }));
  });
}

describe("the server's limits on slow clients", () => {
  it("drops a connection whose client stops reading", async () => {
    const s = await serve((_req, res) => void writeLarge(res, 8 * MB));
    const client = await s.connect();
    client.pause();
    client.write("GET / HTTP/1.1\r\nHost: x\r\n\r\n");
    const outcome = await s.outcome;
    expect(outcome.finished).toBe(false);
    expect(outcome.ms).toBeLessThan(LIMITS.stallMs + 2_000);
  });

  it("keeps a client that reads slowly, however long the answer takes", async () => {
    const s = await serve((_req, res) => void writeLarge(res, 20 * MB));
    const client = await s.connect();
    client.write("GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    // 10 MB a second: the kernel wakes a waiting write only once half its buffer (4 MB over
    // loopback) has drained, so the client must take that much within `stallMs`; on a real line
    // the buffer is the size of what is in flight, and the same rule holds at any pace.
    let bytes = 0;
    client.on("data", (chunk: Buffer) => {
      bytes += chunk.length;
      client.pause();
      setTimeout(() => client.resume(), chunk.length / ((10 * MB) / 1000));
    });
    const outcome = await s.outcome;
    expect(outcome.finished).toBe(true);
    expect(outcome.ms).toBeGreaterThan(LIMITS.stallMs * 2);
    expect(bytes).toBeGreaterThan(0);
  });

  it("keeps an upload that keeps moving, and drops one trickled below the pace", async () => {
    const s = await serve((req, res) => {
      let length = 0;
      req.on("data", (chunk: Buffer) => {
        length += chunk.length;
      });
      req.on("end", () => res.end(String(length)));
    });
    const send = async (bytes: number, everyMs: number, total: number) => {
      const client = await s.connect();
      const answer = closed(client);
      client.write(
        `POST / HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: ${total}\r\n\r\n`,
      );
      const pump = setInterval(() => {
        if (!client.destroyed) client.write("b".repeat(bytes));
      }, everyMs);
      const result = await answer;
      clearInterval(pump);
      return result;
    };
    // 1,000 bytes a second for 2.5 s, past the grace: answered. 5 bytes a second: cut.
    const [steady, trickle] = await Promise.all([send(100, 100, 2_500), send(1, 200, 1_000)]);
    expect(steady.text).toMatch(/^HTTP\/1\.1 200[\s\S]*2500$/);
    expect(trickle.bytes).toBe(0);
  });

  it("drops a client that sends its headers a byte at a time", async () => {
    const s = await serve((_req, res) => res.end("ok"));
    const client = await s.connect();
    const started = performance.now();
    const answer = closed(client);
    client.write("GET / HTTP/1.1\r\nHost: x\r\n");
    const pump = setInterval(() => {
      if (!client.destroyed) client.write("X");
    }, 100);
    const result = await answer;
    clearInterval(pump);
    expect(result.text).toMatch(/^HTTP\/1\.1 408/);
    expect(performance.now() - started).toBeLessThan(LIMITS.headersMs + 2_000);
  });

  it("keeps a quiet response that turned the stall timer off, and a server that thinks", async () => {
    const s = await serve((req, res) => {
      if (req.url === "/stream") {
        req.socket.setTimeout(0);
        res.write("first\n");
        setTimeout(() => res.end("second\n"), LIMITS.stallMs * 3);
        return;
      }
      setTimeout(() => res.end("thought"), LIMITS.stallMs * 3);
    });
    const ask = async (path: string) => {
      const client = await s.connect();
      const answer = closed(client);
      client.write(`GET ${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
      return (await answer).text;
    };
    const [stream, thinking] = await Promise.all([ask("/stream"), ask("/think")]);
    expect(stream).toMatch(/first\n[\s\S]*second\n/);
    expect(thinking).toMatch(/thought/);
  });
});
