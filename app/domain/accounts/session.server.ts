import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { profiles, sessions } from "~/db/schema";
import { sameOriginPath } from "~/utils/same-origin-path";
import type { Auth } from "./auth.server";

export interface Member {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
  role: "member" | "moderator";
  avatarUrl: string | null;
  createdAt: Date;
}

interface SessionArgs {
  auth: Auth;
  db: Database;
  request: Request;
}

/**
 * The signed-in member for this request, or null. A suspended member's sessions are treated as
 * gone (and removed), whatever the cookie says.
 */
export function getMember(args: SessionArgs): Promise<Member | null> {
  let member = memberOfRequest.get(args.request);
  if (!member) {
    member = joinLookUpInFlight(args);
    memberOfRequest.set(args.request, member);
    member.catch(() => memberOfRequest.delete(args.request));
  }
  return member;
}

const memberOfRequest = new WeakMap<Request, Promise<Member | null>>();

/**
 * The root loader and the page's loader both ask, at the same moment, but React Router hands each
 * loader its own copy of the Request (it strips its `_routes` and `index` parameters), so the
 * memo above never sees the second ask. The second joins the first lookup with the same cookies
 * while it is in flight: one lookup, two SQL statements saved on every signed-in page. Only while
 * in flight, so nothing is ever stale: the loaders after an action, or an event stream's next
 * check of its session, start after the earlier lookup ended and read again.
 */
const lookUpsInFlight = new WeakMap<Auth, Map<string, Promise<Member | null>>>();

function joinLookUpInFlight(args: SessionArgs): Promise<Member | null> {
  const cookies = args.request.headers.get("cookie") ?? "";
  // Most requests are visitors': without the cookie there is nothing to look up.
  if (!hasSessionCookie(cookies)) return Promise.resolve(null);
  const inFlight = lookUpsInFlight.get(args.auth) ?? new Map<string, Promise<Member | null>>();
  lookUpsInFlight.set(args.auth, inFlight);
  const running = inFlight.get(cookies);
  if (running) return running;
  const member = lookUpMember(args);
  inFlight.set(cookies, member);
  const ended = () => {
    if (inFlight.get(cookies) === member) inFlight.delete(cookies);
  };
  member.then(ended, ended);
  return member;
}

/** Whether a Cookie header carries better-auth's session cookie (plain, or `__Secure-` under https). */
export function hasSessionCookie(cookieHeader: string | null | undefined) {
  return /(^|;\s*)(__Secure-)?souqna\.session_token=/.test(cookieHeader ?? "");
}

async function lookUpMember({ auth, db, request }: SessionArgs): Promise<Member | null> {
  const found = await auth.api.getSession({
    headers: request.headers,
    query: { disableCookieCache: true },
  });
  if (!found) return null;
  const user = found.user as typeof found.user & { role?: string; suspendedAt?: Date | null };
  if (user.suspendedAt) {
    await db.delete(sessions).where(eq(sessions.userId, user.id));
    return null;
  }
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    emailVerified: user.emailVerified,
    role: user.role === "moderator" ? "moderator" : "member",
    avatarUrl: user.image ?? null,
    createdAt: new Date(user.createdAt),
  };
}

/**
 * For member-only pages and actions: the member, or a redirect to /auth that remembers where the
 * visitor was going (and says why).
 */
export async function requireMember(args: SessionArgs): Promise<Member> {
  const member = await getMember(args);
  if (member) return member;
  // A plain Response: React Router follows a thrown redirect, and the domain stays free of it.
  throw new Response(null, { status: 302, headers: { Location: signInUrl(args.request) } });
}

export function signInUrl(request: Request) {
  const url = new URL(request.url);
  const origin = `${url.pathname}${url.search}`;
  return `/auth?redirectTo=${encodeURIComponent(origin)}&reason=auth`;
}

/**
 * Only same-site paths are followed after sign-in: an absolute or protocol-relative URL in
 * redirectTo would turn the sign-in page into an open redirect.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/") {
  // Percent-encoded too: a non-Latin-1 Location header would fail after the session was made.
  const path = sameOriginPath(to);
  if (!path) return fallback;
  if (path.startsWith("/auth") || path.startsWith("/forgot-password")) return fallback;
  return path;
}

export async function ensureProfile(
  db: Database,
  member: { id: string; name: string },
  lang: "en" | "ar",
) {
  await db
    .insert(profiles)
    .values({ id: member.id, fullName: member.name, preferredLanguage: lang })
    .onConflictDoNothing();
}
