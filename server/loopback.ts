import type { IncomingMessage } from "node:http";

/** Proxies add these; a request straight from this machine never carries them. */
const FORWARDING_HEADERS = ["forwarded", "x-forwarded-for", "x-real-ip"];

/** From this machine, not through a proxy (a same-host proxy connects over loopback too). */
export function isDirectLoopback(req: IncomingMessage) {
  const address = req.socket.remoteAddress ?? "";
  const loopback = address === "::1" || /^(::ffff:)?127\./.test(address);
  return loopback && !FORWARDING_HEADERS.some((name) => req.headers[name] !== undefined);
}
