import type { RequestHandler } from "express";
import { serverT } from "../app/i18n/i18n.server";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses state-changing requests that a browser sent from another site (CSRF). Browsers send
 * Origin on every cross-site POST; when it is missing we fall back to Referer. Requests with
 * neither (curl, server-to-server) carry no victim's cookies worth forging and pass.
 */
export function sameOriginOnly(publicUrl: string): RequestHandler {
  const allowed = new URL(publicUrl).origin;
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const ownOrigin = `${req.protocol}://${req.get("host")}`;
    const source = originOf(req.get("origin")) ?? originOf(req.get("referer"));
    if (source === undefined || source === allowed || source === ownOrigin) return next();
    res
      .status(403)
      .type("text/plain")
      .send(serverT(res.locals.lang ?? "en")("error.crossOrigin"));
  };
}

function originOf(value: string | undefined) {
  if (!value) return undefined;
  if (value === "null") return "null";
  try {
    return new URL(value).origin;
  } catch {
    return "invalid";
  }
}
