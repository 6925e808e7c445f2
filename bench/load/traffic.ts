/*
 * Simulated members: each one, in a loop, picks what a person on Souqna does next (browse, search,
 * open a listing, post with photos, favourite, message a seller, ask for a phone number, forget
 * their password, or a newcomer signs up), waits a moment like a person would, and goes on. Every
 * answer is timed and classified; every write the server acknowledges is remembered so it can be
 * looked for in the database afterwards.
 */

export type Action =
  | "home"
  | "category"
  | "search"
  | "listing"
  | "post"
  | "favorite"
  | "message"
  | "phone"
  | "forgot"
  | "sign-up";

/** How often each action is picked, out of the sum. */
const MIX: [Action, number][] = [
  ["home", 16],
  ["category", 10],
  ["search", 16],
  ["listing", 22],
  ["post", 6],
  ["favorite", 10],
  ["message", 12],
  ["phone", 3],
  ["forgot", 2],
  ["sign-up", 3],
];
const MIX_TOTAL = MIX.reduce((sum, [, weight]) => sum + weight, 0);

const QUERIES = [
  "toyota",
  "kia",
  "شقة",
  "سيارة",
  "ايفون",
  "iphone",
  "غرفة نوم",
  "دمشق",
  "sofa",
  "عمل",
];

export interface Sample {
  action: Action;
  /** When the answer came (or the request failed). */
  at: number;
  /** When the request was sent: a slow answer to a request sent during a fault is the fault's. */
  sentAt: number;
  ms: number;
  /** HTTP status, or 0 for a network error or timeout. */
  status: number;
}

export interface Acknowledged {
  listings: { id: string; images: number }[];
  favorites: { userId: string; listingId: string }[];
  messages: string[];
}

export interface Member {
  email: string;
  userId: string;
  cookie: string;
  ip: string;
  conversations: Map<string, string>;
}

export interface Traffic {
  urls: string[];
  listingIds: string[];
  photos: Blob[];
  runId: string;
  samples: Sample[];
  acknowledged: Acknowledged;
  /** Requests whose answer never came (network error or timeout) and that may have written. */
  unknownWrites: number;
}

const TIMEOUT_MS = 30_000;
const pick = <T>(items: T[]): T => items[Math.floor(Math.random() * items.length)] as T;

function url(traffic: Traffic) {
  // A load balancer's round robin, as good as random here.
  return pick(traffic.urls);
}

async function request(
  traffic: Traffic,
  action: Action,
  member: Pick<Member, "cookie" | "ip"> | null,
  pathname: string,
  init: RequestInit & { base?: string } = {},
): Promise<Response | null> {
  const started = performance.now();
  const sentAt = Date.now();
  const headers = new Headers(init.headers);
  headers.set("x-forwarded-for", member?.ip ?? `10.99.${Math.floor(Math.random() * 250)}.1`);
  if (member?.cookie) headers.set("cookie", member.cookie);
  try {
    const res = await fetch(`${init.base ?? url(traffic)}${pathname}`, {
      ...init,
      headers,
      redirect: "manual",
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    // The whole body, as a browser would read it.
    const body = await res.arrayBuffer();
    traffic.samples.push({
      action,
      at: Date.now(),
      sentAt,
      ms: performance.now() - started,
      status: res.status,
    });
    return new Response(res.status === 204 || res.status === 304 ? null : body, {
      status: res.status,
      headers: res.headers,
    });
  } catch {
    traffic.samples.push({
      action,
      at: Date.now(),
      sentAt,
      ms: performance.now() - started,
      status: 0,
    });
    return null;
  }
}

function form(fields: Record<string, string>) {
  return {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  };
}

function sessionCookie(res: Response) {
  return res.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .filter((cookie) => cookie && !cookie.startsWith("souqna_flash="))
    .join("; ");
}

export async function signUp(traffic: Traffic, email: string, ip: string, base?: string) {
  const res = await request(traffic, "sign-up", { cookie: "", ip }, "/auth?tab=signup", {
    ...form({
      intent: "signup",
      fullName: "Load Member",
      email,
      password: "Cedar-Hama-Waterwheel-9",
    }),
    base,
  });
  if (res?.status !== 302) return null;
  return sessionCookie(res);
}

/** The post-ad form as a browser without JavaScript sends it: a services listing with photos. */
export function listingForm(title: string, photos: Blob[]) {
  const body = new FormData();
  body.set("intent", "save");
  body.set("title", title);
  body.set("description", `${title}: a van and two people, any day but Friday.`);
  body.set("price", "1250000");
  body.set("categoryId", "7");
  body.set("location", "homs");
  body.set("detail.service_type", "other");
  body.set("detail.availability", "weekdays");
  for (const [i, photo] of photos.entries()) body.append("images", photo, `photo-${i}.jpg`);
  return body;
}

async function post(traffic: Traffic, member: Member) {
  const title = `Load test removals ${traffic.runId} ${Math.floor(Math.random() * 1e9)}`;
  const body = listingForm(title, traffic.photos);
  const res = await request(traffic, "post", member, "/post-ad", { method: "POST", body });
  if (!res) {
    traffic.unknownWrites += 1;
    return;
  }
  const location = res.headers.get("location") ?? "";
  const match = /^\/listing\/([0-9a-f-]{36})$/.exec(location);
  if (res.status === 302 && match?.[1]) {
    traffic.acknowledged.listings.push({ id: match[1], images: traffic.photos.length });
  }
}

async function favorite(traffic: Traffic, member: Member) {
  const listingId = pick(traffic.listingIds);
  const res = await request(traffic, "favorite", member, "/api/favorites", {
    ...form({ intent: "add", listingId }),
    headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
  });
  if (!res) {
    traffic.unknownWrites += 1;
    return;
  }
  if (res.status !== 200) return;
  const reply = (await res.json().catch(() => null)) as {
    ok?: boolean;
    favorited?: boolean;
  } | null;
  if (reply?.ok && reply.favorited) {
    traffic.acknowledged.favorites.push({ userId: member.userId, listingId });
  }
}

async function message(traffic: Traffic, member: Member) {
  const listingId = pick(traffic.listingIds);
  const body = `load ${traffic.runId} ${crypto.randomUUID()}`;
  const conversation = member.conversations.get(listingId);
  if (!conversation) {
    const res = await request(
      traffic,
      "message",
      member,
      "/messages",
      form({ intent: "start", listingId, body }),
    );
    if (!res) {
      traffic.unknownWrites += 1;
      return;
    }
    const id = /^\/messages\/([0-9a-f-]{36})/.exec(res.headers.get("location") ?? "")?.[1];
    if (res.status === 302 && id) {
      member.conversations.set(listingId, id);
      traffic.acknowledged.messages.push(body);
    }
    return;
  }
  // As the browser's composer sends it.
  const res = await request(
    traffic,
    "message",
    member,
    `/messages/${conversation}.data`,
    form({ intent: "send", body, via: "fetch" }),
  );
  if (!res) {
    traffic.unknownWrites += 1;
    return;
  }
  if (res.status === 200) traffic.acknowledged.messages.push(body);
}

async function act(traffic: Traffic, member: Member, action: Action, newcomers: { n: number }) {
  switch (action) {
    case "home":
      return void (await request(traffic, action, member, "/"));
    case "category":
      return void (await request(
        traffic,
        action,
        member,
        `/category/${1 + Math.floor(Math.random() * 7)}`,
      ));
    case "search":
      return void (await request(
        traffic,
        action,
        member,
        `/search?q=${encodeURIComponent(pick(QUERIES))}`,
      ));
    case "listing":
      return void (await request(traffic, action, member, `/listing/${pick(traffic.listingIds)}`));
    case "post":
      return post(traffic, member);
    case "favorite":
      return favorite(traffic, member);
    case "message":
      return message(traffic, member);
    case "phone":
      return void (await request(
        traffic,
        action,
        member,
        `/listing/${pick(traffic.listingIds)}`,
        form({ intent: "reveal-phone" }),
      ));
    case "forgot":
      return void (await request(
        traffic,
        action,
        null,
        "/forgot-password",
        form({ email: member.email }),
      ));
    case "sign-up": {
      newcomers.n += 1;
      await signUp(
        traffic,
        `new-${traffic.runId}-${newcomers.n}-${Math.random()}@load.test`,
        member.ip,
      );
      return;
    }
  }
}

function nextAction(): Action {
  let roll = Math.random() * MIX_TOTAL;
  for (const [action, weight] of MIX) {
    roll -= weight;
    if (roll < 0) return action;
  }
  return "home";
}

/** Runs every member's loop until `until` (epoch ms); think time between 1 and 4 seconds. */
export async function runMembers(traffic: Traffic, members: Member[], until: number) {
  const newcomers = { n: 0 };
  await Promise.all(
    members.map(async (member, i) => {
      // Spread the start over the first two seconds.
      await new Promise((resolve) => setTimeout(resolve, (i * 2000) / members.length));
      while (Date.now() < until) {
        await act(traffic, member, nextAction(), newcomers);
        const think = 1000 + Math.random() * 3000;
        await new Promise((resolve) =>
          setTimeout(resolve, Math.min(think, Math.max(0, until - Date.now()))),
        );
      }
    }),
  );
}

export function percentile(sorted: number[], p: number) {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? Number.NaN;
}

export const ACTIONS = MIX.map(([action]) => action);
