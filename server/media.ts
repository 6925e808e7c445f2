import path from "node:path";
import { pipeline } from "node:stream/promises";
import express, { type Request, type Response } from "express";
import {
  isPublicMediaKey,
  MEDIA_CACHE_CONTROL,
  type MediaDriver,
} from "../app/media/storage.server";
import type { AppLogger } from "./logger";

/** The headers a static file needs besides its caching: no type sniffing, no embedding elsewhere. */
export function staticHeaders(res: { setHeader(name: string, value: string): unknown }) {
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("Cross-Origin-Resource-Policy", "same-origin");
}

const ONE_YEAR_MS = 365 * 24 * 60 * 60 * 1000;

/**
 * `/media/*`: photos, cached for a year (a key never changes its bytes). Local files go through
 * express.static; a bucket's objects are streamed from it with the same headers, so a page does not
 * care where its photos live. A key that is not one the app could have written (`..`, `%2e`,
 * anything outside the key pattern) is a 404 before the disk or the bucket is asked.
 */
export function mediaFiles(
  driver: MediaDriver,
  { dataDir, logger }: { dataDir: string; logger: Pick<AppLogger, "error"> },
): express.RequestHandler {
  if (driver.kind === "local") {
    const files = express.static(path.join(dataDir, "media"), {
      immutable: true,
      maxAge: ONE_YEAR_MS,
      index: false,
      dotfiles: "deny",
      fallthrough: false,
      setHeaders: staticHeaders,
    });
    // The same answer as the bucket's for a name the app never writes: 404, the disk not asked.
    return (req, res, next) => {
      if (isPublicMediaKey(req.path.slice(1))) files(req, res, next);
      else notFound(res);
    };
  }
  return (req, res) => {
    streamFromBucket(driver, req, res).catch((error: unknown) => {
      // A browser that leaves mid-photo is no failure of ours.
      const clientLeft = req.socket.destroyed;
      if (!clientLeft) {
        logger.error(
          { err: error, url: req.originalUrl },
          "serving a photo from the bucket failed",
        );
      }
      if (res.headersSent || clientLeft) {
        res.destroy();
        return;
      }
      // The bucket is away: come back soon (like the pages' 503), not a 500.
      res.status(503).setHeader("Retry-After", "10");
      res.type("text/plain").send("Photos are unavailable for a moment. Please try again.");
    });
  };
}

async function streamFromBucket(driver: MediaDriver, req: Request, res: Response) {
  if (req.method !== "GET" && req.method !== "HEAD") {
    res.setHeader("Allow", "GET, HEAD");
    res.status(405).type("text/plain").send("Method not allowed");
    return;
  }
  // req.path is not percent-decoded: an encoded dot or slash fails the key pattern.
  const key = req.path.slice(1);
  const object = isPublicMediaKey(key) ? await driver.read(key) : null;
  if (!object) {
    notFound(res);
    return;
  }
  staticHeaders(res);
  res.setHeader("Cache-Control", MEDIA_CACHE_CONTROL);
  res.setHeader("Content-Type", object.contentType);
  if (object.etag) res.setHeader("ETag", object.etag);
  if (object.lastModified) res.setHeader("Last-Modified", object.lastModified.toUTCString());
  if (object.etag && req.get("if-none-match") === object.etag) {
    object.body.destroy();
    res.status(304).end();
    return;
  }
  res.setHeader("Content-Length", String(object.size));
  if (req.method === "HEAD") {
    object.body.destroy();
    res.end();
    return;
  }
  await pipeline(object.body, res);
}

function notFound(res: Response) {
  res.status(404).type("text/plain").send("Not found");
}
