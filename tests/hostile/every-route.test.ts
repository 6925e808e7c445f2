import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { listings, messages, profiles, reports, users } from "../../app/db/schema";
import { DESCRIPTION_MAX, TITLE_MAX } from "../../app/domain/listings/listing-limits";
import { MESSAGE_MAX_LENGTH } from "../../app/domain/messaging/messaging-schemas";
import { REPORT_DETAILS_MAX } from "../../app/domain/moderation/moderation-schemas";
import { cleanLine, cleanMultiline } from "../../app/utils/user-text";
import { serverForFile } from "../abuse/server";
import { postListingOverHttp, signUpOverHttp } from "../setup/http-members";
import { coreHostileValues, hostileBodies, hostileQueries, hostileValues } from "./corpus";

/*
 * The hostile corpus against every route and action of app/routes.ts, as a visitor and as a
 * signed-in member: no answer may be a 5xx, and afterwards nothing is stored that the forms'
 * own rules would refuse.
 */
const s = serverForFile({ TRUST_PROXY: "1", SIGN_UPS_PER_IP_PER_HOUR: "1000" });

/** Every query parameter some loader reads. */
const QUERY_PARAMS = [
  "q",
  "city",
  "category",
  "subcategory",
  "make",
  "model",
  "minPrice",
  "maxPrice",
  "minYear",
  "maxYear",
  "minKm",
  "maxKm",
  "sort",
  "page",
  "id",
  "token",
  "redirectTo",
  "tab",
  "type",
  "reason",
  "image",
  "confirm",
  "report",
  "edit",
  "saved",
  "format",
  "fromReset",
  "lang",
];
/** Every form field some action reads. */
const FIELDS = [
  "email",
  "password",
  "fullName",
  "confirmPassword",
  "currentPassword",
  "token",
  "redirectTo",
  "username",
  "location",
  "phoneNumber",
  "language",
  "confirm",
  "title",
  "description",
  "price",
  "categoryId",
  "detail.make",
  "detail.model",
  "detail.year",
  "detail.service_type",
  "reason",
  "details",
  "listingId",
  "returnTo",
  "id",
  "body",
  "via",
  "userId",
  "removedImageIds",
  "primaryImageId",
];

/** A lone surrogate cannot be percent-encoded as UTF-8: send the bytes a broken client would. */
function encode(value: string) {
  try {
    return encodeURIComponent(value);
  } catch {
    return "%ED%A0%80";
  }
}

interface Failure {
  what: string;
  status: number;
}

/**
 * A body over a route's ceiling is refused with 413 before it is read, and the connection is
 * closed: the client may then fail to finish writing it (EPIPE, reset) before it reads the
 * answer. That is the refusal working, not a failure.
 */
async function send(url: string, init: RequestInit): Promise<Response | "refused"> {
  try {
    return await fetch(url, init);
  } catch (error) {
    const code = (error as { cause?: { code?: string } }).cause?.code;
    if (code === "EPIPE" || code === "ECONNRESET" || code === "UND_ERR_SOCKET") return "refused";
    throw error;
  }
}

async function inBatches<T>(items: T[], size: number, fn: (item: T) => Promise<void>) {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(fn));
}

describe("the hostile corpus", () => {
  it("never gets a 5xx from any route or action, and stores nothing a form would refuse", async () => {
    const stamp = Date.now();
    const seller = await signUpOverHttp(s.url, {
      name: "Seller",
      email: `h-s-${stamp}@example.com`,
    });
    const member = await signUpOverHttp(s.url, {
      name: "Member",
      email: `h-m-${stamp}@example.com`,
    });
    const theirs = await postListingOverHttp(s.url, seller, "Their sofa");
    const mine = await postListingOverHttp(s.url, member, "My sofa");
    const failures: Failure[] = [];
    const check = async (what: string, res: Response | "refused") => {
      if (res === "refused") return;
      await res.arrayBuffer();
      if (res.status >= 500) failures.push({ what, status: res.status });
    };
    const actors: [string, string][] = [
      ["visitor", ""],
      ["member", member.cookie],
    ];

    // GET: every page, with every parameter and path segment hostile.
    const pages = [
      "/",
      "/search",
      "/category/motors",
      "/category/{v}",
      `/listing/${theirs}`,
      "/listing/{v}",
      `/edit-listing/${mine}`,
      "/edit-listing/{v}",
      "/post-ad",
      "/profile",
      "/settings",
      "/my-listings",
      "/favorites",
      "/messages",
      "/messages/{v}",
      "/moderation",
      "/auth",
      "/auth/confirm",
      "/forgot-password",
      "/api/favorites",
      "/api/listing-form",
      "/sitemap.xml",
      "/sitemaps/{v}",
      "/robots.txt",
      "/about",
      "/jobs",
      "/safety-tips",
      "/terms-conditions",
      "/dev/mail",
      "/dev/mail/{v}",
      "/{v}",
    ];
    const gets: [string, string][] = [];
    for (const page of pages) {
      for (const [name, value] of coreHostileValues) {
        const encoded = encode(value.slice(0, 4000));
        const query = QUERY_PARAMS.map((param) => `${param}=${encoded}`).join("&");
        const path = page.replace("{v}", encoded || "x");
        gets.push([`GET ${page} (${name})`, `${path}?${query}`]);
        if (page.includes("{v}") || page === "/search") {
          gets.push([`GET ${page}.data (${name})`, `${path.replace(/\/?$/, ".data")}?${query}`]);
        }
      }
      for (const raw of hostileQueries)
        gets.push([`GET ${page}?${raw}`, `${page.replace("{v}", "x")}?${raw}`]);
    }
    for (const [actor, cookie] of actors) {
      await inBatches(gets, 8, async ([what, path]) => {
        const res = await send(`${s.url}${path}`, { headers: { cookie }, redirect: "manual" });
        await check(`${actor} ${what}`, res);
      });
    }

    // POST: every action and intent, every field hostile at once, url-encoded and multipart.
    const actions: [string, string[]][] = [
      ["/auth", ["signin", "signup", "recovery", "resend", "{v}"]],
      ["/forgot-password", [""]],
      ["/profile", ["profile", "resend"]],
      ["/settings", ["password", "language", "delete", "resend", "{v}"]],
      ["/post-ad", ["save", "refresh"]],
      [`/edit-listing/${mine}`, ["save", "refresh"]],
      [`/listing/${theirs}`, ["report", "reveal-phone", "sold", "delete", "{v}"]],
      ["/listing/{v}", ["report", "reveal-phone"]],
      ["/my-listings", ["delete", "hide", "{v}"]],
      ["/messages", ["start"]],
      ["/messages/{v}", ["send", "read", "block"]],
      ["/moderation", ["remove", "suspend", "restore"]],
      ["/api/favorites", ["add", "toggle", "merge", "{v}"]],
      ["/api/listings", ["save"]],
      [`/api/listings/${mine}`, ["save"]],
    ];
    const posts: [string, string, FormData | URLSearchParams][] = [];
    for (const [path, intents] of actions) {
      for (const intent of intents) {
        for (const [name, value] of coreHostileValues) {
          const target = path.replace("{v}", encode(value.slice(0, 200)) || "x");
          const fields = new URLSearchParams({ intent: intent.replace("{v}", value) });
          for (const field of FIELDS) fields.append(field, value);
          posts.push([`POST ${path} ${intent} (${name})`, target, fields]);
          if (name === "emoji" || name === "RTL override" || name === "NUL") {
            const multipart = new FormData();
            for (const [key, v] of fields) multipart.append(key, v);
            multipart.append(
              "images",
              new Blob(["not an image"], { type: "image/jpeg" }),
              "../x.jpg",
            );
            posts.push([`POST ${path} ${intent} multipart (${name})`, target, multipart]);
          }
        }
      }
    }
    for (const [actor, cookie] of actors) {
      await inBatches(posts, 6, async ([what, path, body]) => {
        const res = await send(`${s.url}${path}`, {
          method: "POST",
          headers: { cookie, "x-forwarded-for": "198.51.100.200" },
          body,
          redirect: "manual",
        });
        await check(`${actor} ${what}`, res);
      });
    }

    // Bodies that are not forms at all, to every action.
    const bodies: [string, string, RequestInit][] = [];
    for (const [path] of actions) {
      for (const [name, body, type] of hostileBodies) {
        bodies.push([
          `POST ${path} body: ${name}`,
          path.replace("{v}", "x"),
          { method: "POST", body, headers: type ? { "content-type": type } : {} },
        ]);
      }
    }
    for (const [actor, cookie] of actors) {
      await inBatches(bodies, 6, async ([what, path, init]) => {
        const res = await send(`${s.url}${path}`, {
          ...init,
          headers: { ...(init.headers as Record<string, string>), cookie },
          redirect: "manual",
        });
        await check(`${actor} ${what}`, res);
      });
    }

    // One hostile field at a time in otherwise valid forms: what passes is stored cleaned.
    const valid = {
      listing: {
        intent: "save",
        title: "Sofa",
        description: "A sofa.",
        price: "1000",
        categoryId: "7",
        location: "homs",
        "detail.service_type": "other",
        "detail.availability": "weekdays",
      },
      profile: {
        intent: "profile",
        fullName: "Member",
        username: "",
        location: "homs",
        phoneNumber: "",
      },
    };
    const single: [string, string, URLSearchParams | FormData][] = [];
    for (const [name, value] of hostileValues) {
      if (value.length > 10_000) continue;
      for (const field of ["title", "description", "price", "location"] as const) {
        const form = new FormData();
        for (const [key, v] of Object.entries({ ...valid.listing, [field]: value }))
          form.set(key, v);
        single.push([`edit listing ${field} (${name})`, `/edit-listing/${mine}`, form]);
      }
      for (const field of ["fullName", "username", "phoneNumber", "location"] as const) {
        const form = new FormData();
        for (const [key, v] of Object.entries({ ...valid.profile, [field]: value }))
          form.set(key, v);
        single.push([`profile ${field} (${name})`, "/profile", form]);
      }
      single.push([
        `message body (${name})`,
        "/messages",
        new URLSearchParams({ intent: "start", listingId: theirs, body: `${value} x` }),
      ]);
    }
    for (const [what, path, body] of single) {
      const res = await send(`${s.url}${path}`, {
        method: "POST",
        headers: { cookie: member.cookie },
        body,
        redirect: "manual",
      });
      await check(what, res);
    }

    expect(failures, JSON.stringify(failures.slice(0, 40), null, 1)).toEqual([]);
    expect(s.server.output()).not.toMatch(/"status":5\d\d/);

    // Nothing stored that the forms' rules would refuse.
    const stored = await s.withDatabase(async (db) => ({
      listings: await db.select().from(listings),
      profiles: await db.select().from(profiles),
      users: await db.select({ name: users.name }).from(users),
      messages: await db.select({ body: messages.body }).from(messages),
      reports: await db.select({ details: reports.details }).from(reports),
      mine: await db.select().from(listings).where(eq(listings.id, mine)),
    }));
    const oneLine = (value: string | null) => value === null || cleanLine(value) === value;
    const multi = (value: string) => cleanMultiline(value) === value;
    for (const row of stored.listings) {
      expect(oneLine(row.title), row.title).toBe(true);
      expect([...row.title].length).toBeLessThanOrEqual(TITLE_MAX);
      expect(multi(row.description), row.description.slice(0, 80)).toBe(true);
      expect([...row.description].length).toBeLessThanOrEqual(DESCRIPTION_MAX);
      expect(row.price).toBeGreaterThanOrEqual(0);
    }
    for (const row of stored.profiles) {
      expect(oneLine(row.fullName), row.fullName).toBe(true);
      expect(row.username === null || /^[a-z0-9_]{3,30}$/.test(row.username)).toBe(true);
      expect(row.phoneNumber === null || /^\+[1-9]\d{6,14}$/.test(row.phoneNumber)).toBe(true);
    }
    for (const row of stored.users) expect(oneLine(row.name), row.name).toBe(true);
    for (const row of stored.messages) {
      expect(multi(row.body)).toBe(true);
      expect([...row.body].length).toBeLessThanOrEqual(MESSAGE_MAX_LENGTH);
    }
    for (const row of stored.reports) {
      expect(multi(row.details)).toBe(true);
      expect([...row.details].length).toBeLessThanOrEqual(REPORT_DETAILS_MAX);
    }
    expect(stored.mine).toHaveLength(1);
  }, 600_000);
});
