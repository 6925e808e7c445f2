import type { RequestHandler } from "express";
import { PHOTO_UPLOAD_BYTES } from "../app/domain/listings/staged-photos.server";
import { MESSAGE_PHOTOS_MAX } from "../app/domain/messaging/message-photos.server";
import { serverT } from "../app/i18n/i18n.server";
import { MAX_IMAGE_BYTES, MAX_LISTING_IMAGES } from "../app/media/listing-images.server";
import type { RouteHandle } from "../app/utils/route-handle";

/*
 * Checks on a request before any route reads it. The largest body each kind of request may send, checked against Content-Length before a byte
 * of it is read: a 100 MB "sign-in form" is answered at once instead of being buffered. Routes
 * still check their own, finer limits (one photo's size, a field's length).
 */
const KB = 1024;
const MB = 1024 * KB;

/** Ten photos of the largest size plus the form's fields. */
export const LISTING_UPLOAD_BYTES = MAX_LISTING_IMAGES * MAX_IMAGE_BYTES + MB;
/** The profile form with its avatar (the route refuses an avatar over 2 MB). */
export const PROFILE_UPLOAD_BYTES = 6 * MB;
/** A message with its photos, sent without JavaScript (with it, each photo goes on its own). */
export const MESSAGE_UPLOAD_BYTES = MESSAGE_PHOTOS_MAX * MAX_IMAGE_BYTES + MB;
/** Every other form: a message of 2,000 characters is about 20 KB url-encoded in Arabic. */
export const FORM_BYTES = 64 * KB;

/** The limit of each kind a route may declare (`handle.body`, app/utils/route-handle.ts). */
const LIMITS: Record<NonNullable<RouteHandle["body"]>, number> = {
  listing: LISTING_UPLOAD_BYTES,
  profile: PROFILE_UPLOAD_BYTES,
  photo: PHOTO_UPLOAD_BYTES,
  message: MESSAGE_UPLOAD_BYTES,
};

export function bodyLimitFor(body: RouteHandle["body"]) {
  return body ? LIMITS[body] : FORM_BYTES;
}

export function requestLimits(): RequestHandler {
  return (req, res, next) => {
    const lang = res.locals.lang ?? "en";
    // NUL has no business in an address and PostgreSQL cannot store it: refuse it up front
    // rather than in every loader that reads a query parameter.
    if (/%00|\0/i.test(req.originalUrl)) {
      res.status(400).type("text/plain").send(serverT(lang)("error.badAddress"));
      return;
    }
    const length = req.headers["content-length"];
    // A body of unknown length could be endless; browsers always send Content-Length for forms
    // and XMLHttpRequest uploads.
    if (req.headers["transfer-encoding"] && length === undefined) {
      res.status(411).type("text/plain").send(serverT(lang)("error.lengthRequired"));
      return;
    }
    // Node's parser never delivers more than Content-Length bytes, so checking it is enough.
    if (length !== undefined && Number(length) > bodyLimitFor(res.locals.route.handle.body)) {
      // Close the connection: the rest of the body is not read, and a client that keeps
      // sending it would otherwise hold the socket.
      res.setHeader("Connection", "close");
      res.status(413).type("text/plain").send(serverT(lang)("error.tooLarge"));
      return;
    }
    next();
  };
}
