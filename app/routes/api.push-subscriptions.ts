import { data } from "react-router";
import { getMember } from "~/domain/accounts/session.server";
import { subscribePush, unsubscribePush } from "~/domain/notifications/push-subscriptions.server";
import { serverT } from "~/i18n/i18n.server";
import { type AppErrorCode, isAppError } from "~/utils/app-error";
import type { RouteHandle } from "~/utils/route-handle";
import { resolveVapidKeys } from "~/utils/vapid.server";
import type { Route } from "./+types/api.push-subscriptions";

export const handle: RouteHandle = { writes: "own" };

/*
 * A member's browsers subscribed to Web Push (decision 021), for the opt-in code that loads on
 * demand (app/components/notifications/web-push-client.ts). JSON in and out, signed-in members only; the
 * server's same-origin check (server/same-origin.ts) refuses other sites' POSTs and DELETEs.
 *   GET    → { publicKey } — the VAPID key a browser subscribes with
 *   POST   { endpoint, keys: { p256dh, auth } } → { ok: true }
 *   DELETE { endpoint } → { ok: true, deleted }
 * A failure is { ok: false, error } with the reason in the member's language.
 */

const NO_STORE = { "Cache-Control": "private, no-store" };
/** A browser's subscription is about 500 bytes; anything past this is not one. */
const MAX_BODY_BYTES = 4096;

type Context = Route.LoaderArgs["context"];

function fail(context: Context, status: number, code: AppErrorCode) {
  return Response.json(
    { ok: false, error: serverT(context.lang)(`errors.${code}`) },
    { status, headers: NO_STORE },
  );
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const member = await getMember({ auth: context.auth, db: context.db, request });
  if (!member) return fail(context, 401, "AUTH_REQUIRED");
  const { publicKey } = resolveVapidKeys(context.env);
  return Response.json({ publicKey }, { headers: NO_STORE });
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db, auth } = context;
  if (request.method !== "POST" && request.method !== "DELETE") {
    throw data(null, { status: 405, headers: { Allow: "GET, POST, DELETE" } });
  }
  const member = await getMember({ auth, db, request });
  if (!member) return fail(context, 401, "AUTH_REQUIRED");
  const body = await readJson(request);
  if (body === undefined) return fail(context, 400, "PUSH_SUBSCRIPTION_INVALID");
  try {
    if (request.method === "DELETE") {
      const { deleted } = await unsubscribePush({ db, member, input: body });
      return Response.json({ ok: true, deleted }, { headers: NO_STORE });
    }
    await subscribePush({
      db,
      member,
      input: body,
      services: context.env.PUSH_SERVICE_HOSTS,
    });
    return Response.json({ ok: true }, { headers: NO_STORE });
  } catch (error) {
    if (!isAppError(error)) throw error;
    return fail(context, error.status, error.code);
  }
}

/** The body as JSON, or undefined when it is too long, not JSON, or not sent as JSON. */
async function readJson(request: Request): Promise<unknown> {
  if (!(request.headers.get("content-type") ?? "").startsWith("application/json")) return undefined;
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > MAX_BODY_BYTES) return undefined;
  const text = await request.text();
  if (Buffer.byteLength(text) > MAX_BODY_BYTES) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
