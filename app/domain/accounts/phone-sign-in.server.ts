import crypto from "node:crypto";
import { and, eq, gt, isNotNull, isNull } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { phoneCodes, profiles, sessions, users } from "~/db/schema";
import type { Lang } from "~/i18n/config";
import type { JobSender } from "~/jobs/job-types";
import { AppError } from "~/utils/app-error";
import { placeholderEmail } from "~/utils/undeliverable-address";
import { limits } from "./abuse-limits";
import type { Auth } from "./auth.server";
import { phoneCode } from "./phone-code-limits";
import {
  lockPhone,
  type PhoneCodeSettings,
  sendPhoneCode,
  tryPhoneCode,
  typedCode,
} from "./phone-codes.server";
import { hitRateLimits } from "./rate-limit.server";

/*
 * Signing in and up with a phone number (decision 037): number → code → signed in, no password.
 * A number that a member has verified signs in to that account; any other number, once its code
 * is typed back, becomes a new account with the number verified, after a name is given.
 *
 * Nobody learns whether a number has an account before proving they hold it: asking for a code
 * answers the same, texts the same words and counts against the same limits (those of decision
 * 036, shared with verifying a number in Settings) for every number. Only the code's owner sees
 * which way it went.
 */

/** How long a proven number waits for its new account's name. */
export const NAME_STEP_SECONDS = 15 * 60;

export interface RequestSignInCodeInput {
  db: Database;
  jobs: JobSender;
  /** As typed: local or international, Arabic-Indic digits, spaces and marks. */
  phone: string;
  lang: Lang;
  /** The requesting network's key (a keyed hash of its address prefix). */
  network: string;
  settings?: PhoneCodeSettings;
  now?: Date;
}

/** Texts a sign-in code. Its id is what the browser keeps (in a signed cookie) for the next step. */
export async function requestSignInCode(input: RequestSignInCodeInput) {
  return sendPhoneCode({ ...input, memberId: null, purpose: "sign-in" });
}

export type SignInStep =
  /** The code was sent and may still be typed. */
  | { step: "code"; phone: string }
  /** The number is proven and has no account: a name makes one. */
  | { step: "name"; phone: string }
  /** The code died (expired, or its last try spent): ask for another. */
  | { step: "dead"; phone: string };

/** Where a visitor holding sign-in code `codeId` stands, or null when it leads nowhere now. */
export async function signInStep({
  db,
  codeId,
  now = new Date(),
}: {
  db: Database;
  codeId: string;
  now?: Date;
}): Promise<SignInStep | null> {
  const [row] = await db
    .select({
      phone: phoneCodes.phone,
      memberId: phoneCodes.memberId,
      attempts: phoneCodes.attempts,
      expiresAt: phoneCodes.expiresAt,
      usedAt: phoneCodes.usedAt,
    })
    .from(phoneCodes)
    .where(and(eq(phoneCodes.id, codeId), eq(phoneCodes.purpose, "sign-in")));
  if (!row) return null;
  if (!row.usedAt) {
    const alive = row.expiresAt > now && row.attempts < phoneCode.maxAttempts;
    return { step: alive ? "code" : "dead", phone: row.phone };
  }
  if (!row.memberId && row.usedAt.getTime() + NAME_STEP_SECONDS * 1000 > now.getTime())
    return { step: "name", phone: row.phone };
  return null;
}

export type SignInOutcome =
  | { outcome: "signed-in"; memberId: string }
  | { outcome: "created"; memberId: string }
  | { outcome: "needs-name" };

interface NewAccountOptions {
  lang: Lang;
  /** The client's address: new accounts are limited per address, as with e-mail sign-ups. */
  ip: string;
  /** Overrides `limits.signUpPerIp.max` (SIGN_UPS_PER_IP_PER_HOUR). */
  maxPerIp?: number;
}

/**
 * Checks a sign-in code (one of five tries, as any code). Right, the number's verified holder is
 * signed in; without one, a new account is made when `name` was given up front (the sign-up
 * form), or the name is asked for next. A suspended holder is refused once the code is spent.
 */
export async function confirmSignInCode(
  input: {
    db: Database;
    codeId: string;
    code: string;
    name?: string;
    now?: Date;
  } & NewAccountOptions,
): Promise<SignInOutcome> {
  const { db, codeId } = input;
  const now = input.now ?? new Date();
  const code = typedCode(input.code);
  const [row] = await db
    .select({ id: phoneCodes.id, phone: phoneCodes.phone, expiresAt: phoneCodes.expiresAt })
    .from(phoneCodes)
    .where(
      and(eq(phoneCodes.id, codeId), eq(phoneCodes.purpose, "sign-in"), isNull(phoneCodes.usedAt)),
    );
  if (!row || row.expiresAt <= now) throw new AppError("PHONE_CODE_EXPIRED", { field: "code" });
  await tryPhoneCode(db, row.id, code);

  const result = await db.transaction(async (tx) => {
    await lockPhone(tx, row.phone);
    const [used] = await tx
      .update(phoneCodes)
      .set({ usedAt: now })
      .where(and(eq(phoneCodes.id, row.id), isNull(phoneCodes.usedAt)))
      .returning({ id: phoneCodes.id });
    if (!used) throw new AppError("PHONE_CODE_EXPIRED", { field: "code" });
    return settle(tx, { ...input, codeId: row.id, phone: row.phone, now });
  });
  return finish(result);
}

/** The name step: a proven number without an account becomes one, named. */
export async function completePhoneSignUp(
  input: { db: Database; codeId: string; name: string; now?: Date } & NewAccountOptions,
): Promise<SignInOutcome> {
  const { db, codeId } = input;
  const now = input.now ?? new Date();
  const since = new Date(now.getTime() - NAME_STEP_SECONDS * 1000);
  const proven = and(
    eq(phoneCodes.id, codeId),
    eq(phoneCodes.purpose, "sign-in"),
    isNull(phoneCodes.memberId),
    gt(phoneCodes.usedAt, since),
  );
  const [row] = await db.select({ phone: phoneCodes.phone }).from(phoneCodes).where(proven);
  if (!row) throw new AppError("PHONE_SIGN_UP_EXPIRED");
  const result = await db.transaction(async (tx) => {
    await lockPhone(tx, row.phone);
    // Again under the lock: a double submit makes one account.
    const [still] = await tx.select({ id: phoneCodes.id }).from(phoneCodes).where(proven);
    if (!still) throw new AppError("PHONE_SIGN_UP_EXPIRED");
    return settle(tx, { ...input, phone: row.phone, now });
  });
  return finish(result);
}

type Settled = SignInOutcome & { suspended?: boolean };

/** Under the number's lock: the holder signs in, or a named newcomer's account is made. */
async function settle(
  tx: Database,
  input: { codeId: string; phone: string; name?: string; now: Date } & NewAccountOptions,
): Promise<Settled> {
  const { codeId, phone, now } = input;
  const [holder] = await tx
    .select({ id: profiles.id, suspendedAt: users.suspendedAt })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.id))
    .where(and(eq(profiles.phoneNumber, phone), isNotNull(profiles.phoneVerifiedAt)))
    .limit(1);
  if (holder) {
    await tx.update(phoneCodes).set({ memberId: holder.id }).where(eq(phoneCodes.id, codeId));
    return { outcome: "signed-in", memberId: holder.id, suspended: Boolean(holder.suspendedAt) };
  }
  const name = input.name?.trim();
  if (!name) return { outcome: "needs-name" };

  // Refused inside the transaction: the code stays unspent (or the number proven) for later.
  const limited = await hitRateLimits(tx, [
    [{ ...limits.signUpPerIp, max: input.maxPerIp ?? limits.signUpPerIp.max }, input.ip],
  ]);
  if (limited.limited) throw new AppError("RATE_LIMITED", { seconds: limited.retryAfterSeconds });

  const memberId = crypto.randomBytes(16).toString("hex");
  await tx.insert(users).values({
    id: memberId,
    name,
    email: placeholderEmail(memberId),
    emailVerified: false,
    createdAt: now,
    updatedAt: now,
  });
  await tx.insert(profiles).values({
    id: memberId,
    fullName: name,
    phoneNumber: phone,
    phoneVerifiedAt: now,
    preferredLanguage: input.lang,
    createdAt: now,
    updatedAt: now,
  });
  await tx.update(phoneCodes).set({ memberId }).where(eq(phoneCodes.id, codeId));
  return { outcome: "created", memberId };
}

function finish(result: Settled): SignInOutcome {
  if (result.suspended) throw new AppError("ACCOUNT_SUSPENDED");
  if (result.outcome === "needs-name") return result;
  return { outcome: result.outcome, memberId: result.memberId };
}

/**
 * Opens a session for a member the code proved, as signing in with a password does: a fresh
 * token, and any session the browser already had is revoked (a planted cookie cannot survive).
 * Returns the Set-Cookie headers.
 */
export async function openPhoneSession({
  db,
  auth,
  memberId,
  headers,
}: {
  db: Database;
  auth: Auth;
  memberId: string;
  headers: Headers;
}): Promise<string[]> {
  const previous = await auth.api.getSession({ headers }).catch(() => null);
  const { headers: out } = await auth.api.openProvenSession({
    body: { userId: memberId },
    headers,
    returnHeaders: true,
  });
  if (previous) await db.delete(sessions).where(eq(sessions.id, previous.session.id));
  return out.getSetCookie();
}
