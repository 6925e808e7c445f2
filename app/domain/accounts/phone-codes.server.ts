import crypto from "node:crypto";
import { and, desc, eq, gt, inArray, isNotNull, isNull, ne, sql } from "drizzle-orm";
import { type CountryCode, parsePhoneNumberFromString } from "libphonenumber-js/max";
import type { Database } from "~/db/client.server";
import { phoneCodes, profiles, users } from "~/db/schema";
import type { Lang } from "~/i18n/config";
import { serverT } from "~/i18n/i18n.server";
import type { JobSender } from "~/jobs/job-types";
import { queueMail } from "~/mail/queue-mail.server";
import { queueSms } from "~/sms/queue-sms.server";
import { AppError } from "~/utils/app-error";
import { BIDI_MARKS, toLatinDigits } from "~/utils/numbers";
import { parsePhone } from "./phone";
import { defaultSmsCountries, phoneCode } from "./phone-code-limits";
import { hitRateLimit } from "./rate-limit.server";

/*
 * Proving a phone number by SMS (decision 036): a member asks for a code to a number, we text six
 * digits, and typing them back makes the number theirs and verified. Every count is exact under
 * concurrency: the codes to one number are counted under a lock on that number, the member's and
 * the network's in the same transaction under theirs, and the country's hourly cap is one atomic
 * counter (rate_limits).
 */

export interface PhoneCodeSettings {
  /** Countries whose mobile numbers get codes (SMS_COUNTRIES); the default list otherwise. */
  countries?: readonly CountryCode[];
  /** Texts to one country an hour, all members together. */
  perCountryPerHour?: number;
}

export interface RequestPhoneCodeInput {
  db: Database;
  jobs: JobSender;
  memberId: string;
  /** As typed: local or international, Arabic-Indic digits, spaces and marks. */
  phone: string;
  lang: Lang;
  /** The requesting network's key (a keyed hash of its address prefix). */
  network: string;
  settings?: PhoneCodeSettings;
  now?: Date;
}

export interface PhoneCodeSent {
  /** The number in E.164, as it will be stored. */
  phone: string;
  /** When the member may ask for another code to this number. */
  resendAt: Date;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Sends a code to `phone` for `memberId`, or says which rule refuses it. */
export async function requestPhoneCode(input: RequestPhoneCodeInput): Promise<PhoneCodeSent> {
  const { phone, resendAt } = await sendPhoneCode({ ...input, purpose: "verify" });
  return { phone, resendAt };
}

export interface SendPhoneCodeInput extends Omit<RequestPhoneCodeInput, "memberId"> {
  /** The member asking; null for a visitor signing in or up by phone (decision 037). */
  memberId: string | null;
  purpose: "verify" | "sign-in";
}

/**
 * The one way a code is sent, whatever it is for: the same waits, limits and SMS-pumping rules
 * for verifying a number in Settings and for signing in with it. A visitor's code counts against
 * the number, the network and the country; a member's against the member too.
 */
export async function sendPhoneCode(
  input: SendPhoneCodeInput,
): Promise<PhoneCodeSent & { id: string }> {
  const { db, jobs, memberId, lang, network, purpose } = input;
  const now = input.now ?? new Date();
  const parsed = parsePhone(input.phone);
  if (!parsed.ok) throw new AppError("PHONE_INVALID", { field: "phone" });
  const phone = parsed.e164;
  const number = parsePhoneNumberFromString(phone);
  const type = number?.getType();
  if (type !== "MOBILE" && type !== "FIXED_LINE_OR_MOBILE")
    throw new AppError("PHONE_NOT_MOBILE", { field: "phone" });
  const country = number?.country;
  const countries = input.settings?.countries ?? defaultSmsCountries;
  if (!country || !countries.includes(country))
    throw new AppError("PHONE_COUNTRY_NOT_SERVED", { field: "phone" });

  const code = crypto
    .randomInt(0, 10 ** phoneCode.length)
    .toString()
    .padStart(phoneCode.length, "0");
  const dayAgo = new Date(now.getTime() - DAY_MS);

  const sent = await db.transaction(async (tx) => {
    // One at a time per number, per member and per network: the counts below are then exact.
    const keys = [`phone:${phone}`, memberId ? `member:${memberId}` : null, `network:${network}`];
    for (const key of keys.filter(Boolean))
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtextextended(${`phone-code:${key}`}, 0))`,
      );

    const recent = await tx
      .select({ createdAt: phoneCodes.createdAt })
      .from(phoneCodes)
      .where(and(eq(phoneCodes.phone, phone), gt(phoneCodes.createdAt, dayAgo)))
      .orderBy(desc(phoneCodes.createdAt));
    const last = recent[0]?.createdAt;
    if (last) {
      const waits = phoneCode.resendWaitsSeconds;
      const wait = waits[Math.min(recent.length - 1, waits.length - 1)] ?? 60;
      const resendAt = new Date(last.getTime() + wait * 1000);
      if (resendAt > now)
        throw new AppError("PHONE_CODE_WAIT", {
          field: "phone",
          seconds: Math.ceil((resendAt.getTime() - now.getTime()) / 1000),
        });
    }
    if (recent.length >= phoneCode.perNumberPerDay)
      throw new AppError("PHONE_CODE_LIMIT", { field: "phone" });

    const [counts] = await tx
      .select({
        member:
          sql<number>`count(*) filter (where ${phoneCodes.memberId} = ${memberId ?? ""})`.mapWith(
            Number,
          ),
        network: sql<number>`count(*) filter (where ${phoneCodes.network} = ${network})`.mapWith(
          Number,
        ),
      })
      .from(phoneCodes)
      .where(gt(phoneCodes.createdAt, dayAgo));
    if (
      (counts?.member ?? 0) >= phoneCode.perMemberPerDay ||
      (counts?.network ?? 0) >= phoneCode.perNetworkPerDay
    )
      throw new AppError("PHONE_CODE_LIMIT", { field: "phone" });

    // Last, so a refused request above never spends the country's allowance.
    const countryCap = await hitRateLimit(
      tx,
      {
        name: "phone-code:country",
        max: input.settings?.perCountryPerHour ?? phoneCode.perCountryPerHour,
        windowSeconds: 60 * 60,
      },
      country,
      now.getTime(),
    );
    if (countryCap.limited) throw new AppError("PHONE_CODE_LIMIT", { field: "phone" });

    const [row] = await tx
      .insert(phoneCodes)
      .values({
        memberId,
        phone,
        purpose,
        codeHash: hashCode(code),
        network,
        createdAt: now,
        expiresAt: new Date(now.getTime() + phoneCode.ttlSeconds * 1000),
      })
      .returning({ id: phoneCodes.id });
    if (!row) throw new AppError("UNEXPECTED");
    const waits = phoneCode.resendWaitsSeconds;
    const next = waits[Math.min(recent.length, waits.length - 1)] ?? 60;
    return { id: row.id, phone, resendAt: new Date(now.getTime() + next * 1000) };
  });

  // After the commit: a queue that is down loses the code's text, and the member asks again.
  const t = serverT(lang, "mail");
  await queueSms(jobs, {
    to: phone,
    text: t("sms.phoneCode", { code }),
    lang,
    purpose: purpose === "verify" ? "verify-phone" : "sign-in",
    key: `${phone}:${now.getTime()}`,
    expiresAt: new Date(now.getTime() + phoneCode.ttlSeconds * 1000),
  });
  return sent;
}

export interface ConfirmPhoneCodeInput {
  db: Database;
  memberId: string;
  phone: string;
  code: string;
  now?: Date;
}

export interface PhoneConfirmed {
  phone: string;
  /** The accounts that held the number verified until now: they are told it moved. */
  takenFrom: string[];
}

/**
 * Checks a code the member typed. Right: the number becomes the member's verified number, taken
 * from any other account that had it verified. Wrong: one attempt of five is spent, exactly, even
 * when guesses arrive together.
 */
export async function confirmPhoneCode(input: ConfirmPhoneCodeInput): Promise<PhoneConfirmed> {
  const { db, memberId } = input;
  const now = input.now ?? new Date();
  const parsed = parsePhone(input.phone);
  if (!parsed.ok) throw new AppError("PHONE_INVALID", { field: "phone" });
  const phone = parsed.e164;
  const code = typedCode(input.code);

  const [latest] = await db
    .select({ id: phoneCodes.id, expiresAt: phoneCodes.expiresAt })
    .from(phoneCodes)
    .where(
      and(
        eq(phoneCodes.memberId, memberId),
        eq(phoneCodes.phone, phone),
        eq(phoneCodes.purpose, "verify"),
        isNull(phoneCodes.usedAt),
      ),
    )
    .orderBy(desc(phoneCodes.createdAt))
    .limit(1);
  if (!latest || latest.expiresAt <= now)
    throw new AppError("PHONE_CODE_EXPIRED", { field: "code" });
  await tryPhoneCode(db, latest.id, code);

  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`phone-code:phone:${phone}`}, 0))`,
    );
    const [used] = await tx
      .update(phoneCodes)
      .set({ usedAt: now })
      .where(and(eq(phoneCodes.id, latest.id), isNull(phoneCodes.usedAt)))
      .returning({ id: phoneCodes.id });
    if (!used) throw new AppError("PHONE_CODE_EXPIRED", { field: "code" });
    const holders = await tx
      .update(profiles)
      .set({ phoneNumber: null, phoneVerifiedAt: null, phoneTakenAt: now, updatedAt: now })
      .where(
        and(
          eq(profiles.phoneNumber, phone),
          isNotNull(profiles.phoneVerifiedAt),
          ne(profiles.id, memberId),
        ),
      )
      .returning({ id: profiles.id });
    await tx
      .update(profiles)
      .set({ phoneNumber: phone, phoneVerifiedAt: now, phoneTakenAt: null, updatedAt: now })
      .where(eq(profiles.id, memberId));
    return { phone, takenFrom: holders.map((h) => h.id) };
  });
}

/** The code the member was sent last and may still type: its number and when it expires. */
export async function pendingPhoneCode({
  db,
  memberId,
  now = new Date(),
}: {
  db: Database;
  memberId: string;
  now?: Date;
}): Promise<{ phone: string; expiresAt: Date } | null> {
  const [row] = await db
    .select({ phone: phoneCodes.phone, expiresAt: phoneCodes.expiresAt })
    .from(phoneCodes)
    .where(
      and(
        eq(phoneCodes.memberId, memberId),
        eq(phoneCodes.purpose, "verify"),
        isNull(phoneCodes.usedAt),
        gt(phoneCodes.expiresAt, now),
        sql`${phoneCodes.attempts} < ${phoneCode.maxAttempts}`,
      ),
    )
    .orderBy(desc(phoneCodes.createdAt))
    .limit(1);
  return row ?? null;
}

/**
 * Tells the accounts a number was taken from (confirmPhoneCode's `takenFrom`) by e-mail, in
 * their language. Not by SMS: the number is now someone else's. Their settings say it too.
 */
export async function tellFormerHolders({
  db,
  jobs,
  publicUrl,
  phone,
  memberIds,
}: {
  db: Database;
  jobs: JobSender;
  publicUrl: string;
  phone: string;
  memberIds: readonly string[];
}) {
  if (memberIds.length === 0) return;
  const holders = await db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      fullName: profiles.fullName,
      lang: profiles.preferredLanguage,
      takenAt: profiles.phoneTakenAt,
    })
    .from(users)
    .innerJoin(profiles, eq(profiles.id, users.id))
    .where(inArray(users.id, [...memberIds]));
  for (const holder of holders) {
    await queueMail(jobs, {
      to: holder.email,
      lang: holder.lang,
      template: {
        kind: "phone-taken",
        name: holder.fullName.trim() || holder.name,
        url: `${publicUrl.replace(/\/+$/, "")}/settings#phone`,
        phone,
      },
      key: `${holder.id}:${holder.takenAt?.getTime() ?? 0}`,
    });
  }
}

/** The six digits as typed back: Arabic-Indic or Persian digits, spaces and marks allowed. */
export function typedCode(typed: string) {
  const code = toLatinDigits(typed.replace(BIDI_MARKS, "")).replace(/\s+/g, "");
  if (!/^\d{6}$/.test(code))
    throw new AppError("PHONE_CODE_WRONG", { field: "code", left: phoneCode.maxAttempts });
  return code;
}

/**
 * One try of a code, whatever it is for. The attempt is spent first, atomically: of simultaneous
 * guesses only five are ever compared. Throws PHONE_CODE_WRONG (with the tries left) or
 * PHONE_CODE_EXPIRED; returns when the code is right (it is not marked used here).
 */
export async function tryPhoneCode(db: Database, codeId: string, code: string) {
  const [spent] = await db
    .update(phoneCodes)
    .set({ attempts: sql`${phoneCodes.attempts} + 1` })
    .where(
      and(
        eq(phoneCodes.id, codeId),
        isNull(phoneCodes.usedAt),
        sql`${phoneCodes.attempts} < ${phoneCode.maxAttempts}`,
      ),
    )
    .returning({ attempts: phoneCodes.attempts, codeHash: phoneCodes.codeHash });
  if (!spent) throw new AppError("PHONE_CODE_EXPIRED", { field: "code" });
  if (!matches(spent.codeHash, code)) {
    const left = phoneCode.maxAttempts - spent.attempts;
    if (left <= 0) throw new AppError("PHONE_CODE_EXPIRED", { field: "code" });
    throw new AppError("PHONE_CODE_WRONG", { field: "code", left });
  }
}

/** Serialises everything that decides who holds `phone`, within the caller's transaction. */
export async function lockPhone(tx: Pick<Database, "execute">, phone: string) {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`phone-code:phone:${phone}`}, 0))`,
  );
}

function hashCode(code: string) {
  const salt = crypto.randomBytes(16);
  const hash = crypto.createHash("sha256").update(salt).update(code).digest();
  return `${salt.toString("base64url")}.${hash.toString("base64url")}`;
}

function matches(stored: string, code: string) {
  const [salt, hash] = stored.split(".");
  if (!salt || !hash) return false;
  const expected = Buffer.from(hash, "base64url");
  const actual = crypto
    .createHash("sha256")
    .update(Buffer.from(salt, "base64url"))
    .update(code)
    .digest();
  return expected.length === actual.length && crypto.timingSafeEqual(expected, actual);
}
