import { relations, sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

/*
 * better-auth's core tables (user, session, account, verification, rateLimit), written by hand
 * because its schema CLI needs Node 22. Property names are the ones better-auth expects; the
 * columns are snake_case like the rest of the database.
 */

export const memberRole = pgEnum("member_role", ["member", "moderator"]);
export const languageCode = pgEnum("language_code", ["en", "ar"]);

export const users = pgTable("users", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  role: memberRole("role").notNull().default("member"),
  suspendedAt: timestamp("suspended_at", { withTimezone: true }),
  suspensionReason: text("suspension_reason"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    token: text("token").notNull().unique(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("sessions_user_id_idx").on(t.userId)],
);

export const accounts = pgTable(
  "accounts",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("accounts_user_id_idx").on(t.userId)],
);

/*
 * The joins better-auth asks for (advanced.database.joins, auth.server.ts): a session with its
 * member is one statement on every signed-in request, instead of a session read and a user read.
 */
export const sessionsRelations = relations(sessions, ({ one }) => ({
  user: one(users, { fields: [sessions.userId], references: [users.id] }),
}));
export const accountsRelations = relations(accounts, ({ one }) => ({
  user: one(users, { fields: [accounts.userId], references: [users.id] }),
}));
export const usersRelations = relations(users, ({ many }) => ({
  accounts: many(accounts),
  sessions: many(sessions),
}));

export const verifications = pgTable(
  "verifications",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("verifications_identifier_idx").on(t.identifier)],
);

/** Shared by every app instance, so abuse limits hold across a scaled-out deployment. */
export const rateLimits = pgTable("rate_limits", {
  id: text("id").primaryKey(),
  key: text("key").notNull().unique(),
  count: bigint("count", { mode: "number" }).notNull(),
  lastRequest: bigint("last_request", { mode: "number" }).notNull(),
});

export const profiles = pgTable(
  "profiles",
  {
    id: text("id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    username: text("username"),
    fullName: text("full_name").notNull().default(""),
    avatarKey: text("avatar_key"),
    location: text("location"),
    phoneNumber: text("phone_number"),
    /** When the member proved by SMS that the number is theirs; null: never, or since changed. */
    phoneVerifiedAt: timestamp("phone_verified_at", { withTimezone: true }),
    /** When another account proved it holds the number this member had verified (it left them). */
    phoneTakenAt: timestamp("phone_taken_at", { withTimezone: true }),
    preferredLanguage: languageCode("preferred_language").notNull().default("en"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("profiles_username_key").on(t.username),
    check("profiles_username_format", sql`${t.username} ~ '^[a-z0-9_]{3,30}$'`),
    check("profiles_phone_e164", sql`${t.phoneNumber} ~ '^\\+[1-9][0-9]{6,14}$'`),
    // One account per verified number: verifying it elsewhere takes it from this one first.
    uniqueIndex("profiles_verified_phone_key")
      .on(t.phoneNumber)
      .where(sql`${t.phoneVerifiedAt} is not null`),
  ],
);

/**
 * The codes sent by SMS to prove a phone number (decision 036). Only a salted hash of the code is
 * kept; a code lives 10 minutes and allows 5 attempts. The rows are also the counts of the
 * sending limits (per number, member and network a day), so they are kept for a day after use.
 * A `sign-in` code (decision 037) is asked for by a visitor: it has no member until it is typed
 * back, then the account it signed in to or created.
 */
export const phoneCodes = pgTable(
  "phone_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    memberId: text("member_id").references(() => users.id, { onDelete: "cascade" }),
    phone: text("phone").notNull(),
    purpose: text("purpose").notNull(),
    /** base64url salt, a dot, then base64url SHA-256 of salt and code. */
    codeHash: text("code_hash").notNull(),
    attempts: integer("attempts").notNull().default(0),
    /** The requesting network (a keyed hash of its address prefix), for the per-network limit. */
    network: text("network").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [
    index("phone_codes_phone_created_idx").on(t.phone, t.createdAt),
    index("phone_codes_member_created_idx").on(t.memberId, t.createdAt),
    index("phone_codes_network_created_idx").on(t.network, t.createdAt),
    check("phone_codes_purpose", sql`${t.purpose} in ('verify', 'sign-in')`),
    check(
      "phone_codes_verify_has_member",
      sql`${t.purpose} <> 'verify' or ${t.memberId} is not null`,
    ),
    check("phone_codes_phone_e164", sql`${t.phone} ~ '^\\+[1-9][0-9]{6,14}$'`),
  ],
);

/**
 * A member's seller page made a business page (issue 32): the shop's or dealer's name, logo,
 * address, opening hours, a short description and website. Its listings' cards carry the name.
 * One row per member; deleting it makes the page a person's again.
 */
export const businessProfiles = pgTable(
  "business_profiles",
  {
    memberId: text("member_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** A media key (logos/<uuid>.webp), re-encoded on the server; null: no logo. */
    logoKey: text("logo_key"),
    address: text("address").notNull().default(""),
    hours: text("hours").notNull().default(""),
    description: text("description").notNull().default(""),
    /** An http(s) address, checked on the server; shown with rel="nofollow ugc". */
    website: text("website"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("business_profiles_has_name", sql`${t.name} <> ''`)],
);
