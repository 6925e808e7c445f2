import sharp from "sharp";

/*
 * Members and listings made through the real server's own forms, for HTTP-level tests and
 * benchmarks. The server must trust X-Forwarded-For (TRUST_PROXY=true) and allow many sign-ups per
 * address (SIGN_UPS_PER_IP_PER_HOUR), since every request comes from this machine.
 */
let address = 0;

export interface HttpMember {
  email: string;
  name: string;
  cookie: string;
}

export async function signUpOverHttp(
  baseUrl: string,
  { name, email }: { name: string; email: string },
): Promise<HttpMember> {
  address += 1;
  const res = await fetch(`${baseUrl}/auth?tab=signup`, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      "x-forwarded-for": `198.51.100.${address % 250}`,
    },
    body: new URLSearchParams({
      intent: "signup",
      fullName: name,
      email,
      password: "Cedar-Hama-Waterwheel-9",
    }),
    redirect: "manual",
  });
  if (res.status !== 302) throw new Error(`sign-up failed with ${res.status}: ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    // The session, not the one-time "Account created" notice.
    .filter((c) => c && !c.startsWith("souqna_flash="))
    .join("; ");
  return { email, name, cookie };
}

/**
 * Posts a plain services listing as `member`, with `photos` (one plain-colour PNG of `size` per
 * colour) if given; returns its id.
 */
export async function postListingOverHttp(
  baseUrl: string,
  member: HttpMember,
  title: string,
  {
    photos = [],
    size = { width: 800, height: 600 },
  }: {
    photos?: readonly (readonly [number, number, number])[];
    size?: { width: number; height: number };
  } = {},
) {
  const form = new FormData();
  form.set("intent", "save");
  form.set("title", title);
  form.set("description", `${title}: a test listing.`);
  form.set("price", "750000");
  form.set("categoryId", "7");
  form.set("location", "homs");
  form.set("detail.service_type", "other");
  form.set("detail.availability", "weekdays");
  for (const [r, g, b] of photos) {
    const png = await sharp({ create: { ...size, channels: 3, background: { r, g, b } } })
      .png()
      .toBuffer();
    form.append("images", new Blob([new Uint8Array(png)], { type: "image/png" }), "photo.png");
  }
  const res = await fetch(`${baseUrl}/post-ad`, {
    method: "POST",
    headers: { cookie: member.cookie },
    body: form,
    redirect: "manual",
  });
  const location = res.headers.get("location") ?? "";
  if (res.status !== 302 || !/^\/listing\/[0-9a-f-]{36}$/.test(location)) {
    throw new Error(`posting failed with ${res.status}: ${await res.text()}`);
  }
  return location.split("/").pop() ?? "";
}

/** A form POST as `cookie` (empty for a visitor); redirects are not followed. */
export function postForm(
  baseUrl: string,
  pathname: string,
  cookie: string,
  fields: Record<string, string>,
) {
  return fetch(`${baseUrl}${pathname}`, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      ...(cookie ? { cookie } : {}),
    },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });
}

export function getAs(baseUrl: string, pathname: string, cookie = "") {
  return fetch(`${baseUrl}${pathname}`, {
    headers: cookie ? { cookie } : {},
    redirect: "manual",
  });
}

/**
 * Posts a services listing with one generated photo (PNG, turned into webp variants by the
 * server) as `member`, through `/post-ad`; returns the response (302 to the listing when saved).
 */
export async function postListingWithPhotoOverHttp(
  baseUrl: string,
  member: HttpMember,
  { title, location = "damascus" }: { title: string; location?: string },
) {
  const { default: sharp } = await import("sharp");
  const form = new FormData();
  for (const [key, value] of Object.entries({
    intent: "save",
    title,
    description: `${title}: a listing with a photo, posted by a test.`,
    price: "1500000",
    categoryId: "7",
    location,
    "detail.service_type": "cleaning",
    "detail.availability": "anytime",
  })) {
    form.set(key, value);
  }
  const png = await sharp({
    create: { width: 800, height: 600, channels: 3, background: { r: 30, g: 90, b: 160 } },
  })
    .png()
    .toBuffer();
  form.append("images", new Blob([new Uint8Array(png)], { type: "image/png" }), "photo.png");
  return fetch(`${baseUrl}/post-ad`, {
    method: "POST",
    headers: { cookie: member.cookie, origin: baseUrl },
    body: form,
    redirect: "manual",
  });
}

/**
 * Confirms `email` as its owner would: opens the confirmation link of the newest mail to it in
 * the outbox of the server's `dataDir` (sent by a job a moment after sign-up, so it is waited for).
 */
export async function confirmOverHttp(baseUrl: string, dataDir: string, email: string) {
  const { listOutbox, readOutboxMessage } = await import("../../app/mail/outbox.server");
  const { default: auth } = await import("../../app/i18n/locales/en/auth");
  const deadline = Date.now() + 20_000;
  for (;;) {
    const mail = listOutbox(dataDir).find((entry) => entry.to.includes(email));
    const text = mail ? (readOutboxMessage(dataDir, mail.id)?.text ?? "") : "";
    const token = /\/auth\/confirm\?token=([^\s]+)/.exec(text)?.[1];
    if (token) {
      const res = await fetch(`${baseUrl}/auth/confirm?token=${token}`);
      const html = await res.text();
      if (res.status !== 200 || !html.includes(auth.confirm.successTitle)) {
        throw new Error(`confirming ${email} failed with ${res.status}`);
      }
      return;
    }
    if (Date.now() > deadline) throw new Error(`no confirmation mail to ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * The newest verification code texted to `e164` (in the SMS outbox of the server's `dataDir`),
 * other than `not`; waited for, since a job sends it a moment after the request.
 */
export async function smsCodeOverHttp(dataDir: string, e164: string, not: string[] = []) {
  const { listSmsOutbox } = await import("../../app/sms/outbox.server");
  const deadline = Date.now() + 30_000;
  for (;;) {
    const code = listSmsOutbox(dataDir)
      .filter((sms) => sms.to === e164)
      .map((sms) => /\b(\d{6})\b/.exec(sms.text)?.[1])
      .find((found) => found && !not.includes(found));
    if (code) return code;
    if (Date.now() > deadline) throw new Error(`no code texted to ${e164}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Verifies `phone` for `member` as they would in Settings: the number, then the texted code. */
export async function verifyPhoneOverHttp(
  baseUrl: string,
  dataDir: string,
  member: HttpMember,
  phone: string,
) {
  const { parsePhone } = await import("../../app/domain/accounts/phone");
  const parsed = parsePhone(phone);
  if (!parsed.ok) throw new Error(`not a phone number: ${phone}`);
  const before = await import("../../app/sms/outbox.server").then((m) =>
    m.listSmsOutbox(dataDir).flatMap((sms) => /\b(\d{6})\b/.exec(sms.text)?.[1] ?? []),
  );
  const sent = await postForm(baseUrl, "/settings", member.cookie, { intent: "phone-send", phone });
  if (sent.status !== 302) throw new Error(`asking for a code failed with ${sent.status}`);
  const code = await smsCodeOverHttp(dataDir, parsed.e164, before);
  const confirmed = await postForm(baseUrl, "/settings", member.cookie, {
    intent: "phone-confirm",
    phone: parsed.e164,
    code,
  });
  if (confirmed.status !== 302) {
    throw new Error(`the code was refused with ${confirmed.status}: ${await confirmed.text()}`);
  }
  return parsed.e164;
}

/**
 * A seller's listing (`title`) and a buyer's conversation about it, started with a first
 * question, plus a third member who is a stranger to it; `tag` keeps the e-mails apart.
 */
export async function conversationOverHttp(baseUrl: string, tag: string, title: string) {
  const stamp = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  const seller = await signUpOverHttp(baseUrl, {
    name: "Seller",
    email: `${tag}-s-${stamp}@example.com`,
  });
  const buyer = await signUpOverHttp(baseUrl, {
    name: "Buyer",
    email: `${tag}-b-${stamp}@example.com`,
  });
  const stranger = await signUpOverHttp(baseUrl, {
    name: "Stranger",
    email: `${tag}-x-${stamp}@example.com`,
  });
  const listingId = await postListingOverHttp(baseUrl, seller, title);
  const started = await postForm(baseUrl, "/messages", buyer.cookie, {
    intent: "start",
    listingId,
    body: "Is it still available?",
  });
  const id = /^\/messages\/([0-9a-f-]{36})/.exec(started.headers.get("location") ?? "")?.[1];
  if (!id) throw new Error(`no conversation: ${started.status}`);
  return { seller, buyer, stranger, thread: `/messages/${id}` };
}
