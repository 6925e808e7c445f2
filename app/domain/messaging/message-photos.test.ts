import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { listings, messagePhotos, messages, users } from "~/db/schema";
import { createLocalStorage, isPublicMediaKey, type MediaDriver } from "~/media/storage.server";
import type { AppErrorCode } from "~/utils/app-error";
import { toMessageView } from "~/views/messaging/message-view.server";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { getConversation } from "./get-conversation.server";
import { noLiveEvents } from "./live-events";
import {
  deleteUnsentMessagePhotos,
  messagePhotoFor,
  stageMessagePhoto,
  UNSENT_MESSAGE_PHOTOS_MAX,
  uploadIdFor,
} from "./message-photos.server";
import { sendMessage } from "./send-message.server";
import { startConversation } from "./start-conversation.server";

let database: TestDatabase;
let db: Database;
let dataDir: string;
let storage: MediaDriver;
let jpeg: Uint8Array;

const SELLER = { id: "p-seller" };
const BUYER = { id: "p-buyer" };
const STRANGER = { id: "p-stranger" };
const live = noLiveEvents;

let clock = Date.UTC(2032, 0, 1);
const tick = () => {
  clock += 61 * 60_000;
  return clock;
};

async function expectCode(promise: Promise<unknown>, code: AppErrorCode) {
  await expect(promise).rejects.toMatchObject({ name: "AppError", code });
}

async function conversation() {
  const [listing] = await db
    .insert(listings)
    .values({
      userId: SELLER.id,
      categoryId: 5,
      title: "Gearbox",
      price: 900_000,
      status: "active",
    })
    .returning({ id: listings.id });
  const sent = await startConversation({
    db,
    live,
    member: BUYER,
    listingId: listing?.id ?? "",
    body: "Is it still available?",
    now: tick(),
  });
  return sent.conversationId;
}

const stage = (conversationId: string, member = BUYER, uploadId: string = crypto.randomUUID()) =>
  stageMessagePhoto({ db, storage, member, conversationId, uploadId, bytes: jpeg });

async function readStored(key: string) {
  const object = await storage.read(key);
  if (!object) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of object.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "souqna-message-photos-"));
  storage = createLocalStorage(dataDir);
  // A phone photo with the place it was taken in its EXIF data.
  jpeg = new Uint8Array(
    await sharp({ create: { width: 900, height: 600, channels: 3, background: "#3a7" } })
      .jpeg()
      .withExif({ IFD0: { Make: "Souqna test phone", Copyright: "Damascus 33.51,36.29" } })
      .toBuffer(),
  );
  await db.insert(users).values([
    { id: SELLER.id, name: "Rania", email: "p-seller@example.com", emailVerified: true },
    { id: BUYER.id, name: "Samer", email: "p-buyer@example.com", emailVerified: true },
    { id: STRANGER.id, name: "Nour", email: "p-stranger@example.com", emailVerified: true },
  ]);
});

afterAll(async () => {
  await database?.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("a photo for a message", () => {
  it("is stored privately, without its EXIF data, once however often it is sent", async () => {
    const conversationId = await conversation();
    const uploadId = crypto.randomUUID();
    const first = await stage(conversationId, BUYER, uploadId);
    expect(first).toMatchObject({ created: true, conversationId, width: 900, height: 600 });
    const again = await stage(conversationId, BUYER, uploadId.toUpperCase());
    expect(again).toMatchObject({ id: first.id, created: false });
    const [row] = await db.select().from(messagePhotos).where(eq(messagePhotos.id, first.id));
    expect(row?.storageKey).toMatch(/^private\/messages\/[0-9a-f-]{36}$/);
    for (const variant of row?.variants ?? []) {
      expect(isPublicMediaKey(variant.key)).toBe(false);
      const stored = await readStored(variant.key);
      expect(stored).not.toBeNull();
      const meta = await sharp(stored ?? Buffer.alloc(0)).metadata();
      expect(meta.format).toBe("webp");
      expect(meta.exif).toBeUndefined();
      expect(stored?.includes(Buffer.from("Damascus"))).toBe(false);
    }
    // The same upload id for another conversation names nothing there.
    await expectCode(stage(await conversation(), BUYER, uploadId), "INVALID_REQUEST");
  });

  it("is refused to a stranger, for a malformed upload id, and for what is not a photo", async () => {
    const conversationId = await conversation();
    await expectCode(stage(conversationId, STRANGER), "NOT_FOUND");
    await expectCode(stage("../../etc/passwd"), "NOT_FOUND");
    await expectCode(stage(conversationId, BUYER, "'; drop table messages; --"), "INVALID_REQUEST");
    const bad = (bytes: Uint8Array) =>
      stageMessagePhoto({
        db,
        storage,
        member: BUYER,
        conversationId,
        uploadId: crypto.randomUUID(),
        bytes,
      });
    await expectCode(
      bad(new TextEncoder().encode("<svg onload=alert(1)></svg>")),
      "IMAGE_NOT_IMAGE",
    );
    await expectCode(bad(new Uint8Array(16 * 1024 * 1024)), "LISTING_IMAGE_TOO_LARGE");
    const [left] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(messagePhotos)
      .where(eq(messagePhotos.conversationId, conversationId));
    expect(left?.n).toBe(0);
  });

  it("keeps at most UNSENT_MESSAGE_PHOTOS_MAX waiting per member, however many arrive at once", async () => {
    const conversationId = await conversation();
    const member = { id: "p-flooder" };
    await db
      .insert(users)
      .values({ id: member.id, name: "F", email: "f@example.com", emailVerified: true });
    const started = await startConversation({
      db,
      live,
      member,
      listingId: (await getConversation({ db, member: BUYER, conversationId })).listing.id,
      body: "Hello",
      now: tick(),
    });
    const results = await Promise.allSettled(
      Array.from({ length: UNSENT_MESSAGE_PHOTOS_MAX + 3 }, () =>
        stage(started.conversationId, member),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(UNSENT_MESSAGE_PHOTOS_MAX);
    for (const r of results) {
      if (r.status === "rejected") expect(r.reason).toMatchObject({ code: "MESSAGE_PHOTO_LIMIT" });
    }
  });
});

describe("a message with photos", () => {
  it("carries them in order, to its two members only", async () => {
    const conversationId = await conversation();
    const [a, b] = [await stage(conversationId), await stage(conversationId)];
    if (!a || !b) throw new Error("not staged");
    // Before it is sent, only the sender sees an uploaded photo.
    const ask = (member: { id: string } | null, photoId: unknown = a.id, width: unknown = 320) =>
      messagePhotoFor({ db, member, conversationId, photoId, width });
    expect(await ask(BUYER)).toMatchObject({ key: expect.stringMatching(/^private\/messages\//) });
    expect(await ask(SELLER)).toBeNull();

    const sent = await sendMessage({
      db,
      live,
      member: BUYER,
      conversationId,
      body: "",
      photoIds: [b.id, a.id.toUpperCase()],
      now: tick(),
    });
    expect(sent.body).toBe("");
    expect(sent.photos.map((p) => p.id)).toEqual([b.id, a.id]);
    expect(await ask(SELLER)).toMatchObject({ key: expect.stringContaining("-320.webp") });
    expect(await ask(SELLER, a.id, "1280")).toBeNull(); // the photo is 900 wide: stored at 320, 640 and 900
    expect(await ask(SELLER, a.id, 640)).not.toBeNull();
    for (const outsider of [STRANGER, null]) expect(await ask(outsider)).toBeNull();
    for (const [photoId, width] of [
      ["not-a-uuid", 320],
      [crypto.randomUUID(), 320],
      [a.id, "320; drop table"],
      [a.id, "../../secret"],
    ]) {
      expect(await ask(SELLER, photoId, width)).toBeNull();
    }
    // Through another conversation of the seller's, the photo is not found either.
    expect(
      await messagePhotoFor({
        db,
        member: SELLER,
        conversationId: await conversation(),
        photoId: a.id,
        width: 320,
      }),
    ).toBeNull();

    const thread = await getConversation({ db, member: SELLER, conversationId });
    const last = thread.messages.at(-1);
    if (!last) throw new Error("no message");
    expect(last.photos.map((p) => p.id)).toEqual([b.id, a.id]);
    const view = toMessageView("en", SELLER.id, { ...last, conversationId });
    expect(view.photos?.[0]).toEqual({
      src: `/messages/${conversationId}/photos/${b.id}/320`,
      full: `/messages/${conversationId}/photos/${b.id}/900`,
      width: 320,
      height: 213,
    });
  });

  it("refuses photos not the sender's, sent before, of another conversation, or too many", async () => {
    const conversationId = await conversation();
    const other = await conversation();
    const mine = await stage(conversationId);
    const elsewhere = await stage(other);
    const theirs = await stage(conversationId, SELLER);
    const send = (photoIds: string[]) =>
      sendMessage({ db, live, member: BUYER, conversationId, body: "Look", photoIds, now: tick() });
    const before = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(messages)
      .where(eq(messages.conversationId, conversationId));
    for (const ids of [
      [theirs.id],
      [elsewhere.id],
      [mine.id, mine.id],
      [mine.id, "x"],
      [mine.id, crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()],
    ]) {
      await expectCode(send(ids), "MESSAGE_PHOTO_INVALID");
    }
    const after = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(messages)
      .where(eq(messages.conversationId, conversationId));
    expect(after[0]?.n).toBe(before[0]?.n);
    await send([mine.id]);
    await expectCode(send([mine.id]), "MESSAGE_PHOTO_INVALID");
    // Without photos an empty message is still empty.
    await expectCode(
      sendMessage({ db, live, member: BUYER, conversationId, body: "  ", now: tick() }),
      "MESSAGE_EMPTY",
    );
  });

  it("sent twice with one client id is one message with its photos", async () => {
    const conversationId = await conversation();
    const photo = await stage(conversationId);
    const clientId = crypto.randomUUID();
    const send = () =>
      sendMessage({
        db,
        live,
        member: BUYER,
        conversationId,
        body: "",
        photoIds: [photo.id],
        clientId,
        now: tick(),
      });
    const [one, two] = await Promise.all([send(), send()]);
    expect(one.id).toBe(two.id);
    expect(two.photos.map((p) => p.id)).toEqual([photo.id]);
  });
});

describe("photos never sent", () => {
  it("go after a day, files first; sent ones stay", async () => {
    const conversationId = await conversation();
    const unsent = await stage(conversationId);
    const sent = await stage(conversationId);
    await sendMessage({
      db,
      live,
      member: BUYER,
      conversationId,
      body: "",
      photoIds: [sent.id],
      now: tick(),
    });
    const [row] = await db.select().from(messagePhotos).where(eq(messagePhotos.id, unsent.id));
    const dayLater = new Date(Date.now() + 25 * 60 * 60 * 1000);
    expect(await deleteUnsentMessagePhotos({ db, storage, now: dayLater })).toBeGreaterThanOrEqual(
      1,
    );
    expect(await db.select().from(messagePhotos).where(eq(messagePhotos.id, unsent.id))).toEqual(
      [],
    );
    for (const variant of row?.variants ?? []) expect(await storage.read(variant.key)).toBeNull();
    expect(await db.select().from(messagePhotos).where(eq(messagePhotos.id, sent.id))).toHaveLength(
      1,
    );
  });

  it("have upload ids made from the message's client id (a form posted twice)", () => {
    const clientId = crypto.randomUUID();
    expect(uploadIdFor(clientId, 0)).toBe(uploadIdFor(clientId.toUpperCase(), 0));
    expect(uploadIdFor(clientId, 0)).not.toBe(uploadIdFor(clientId, 1));
    expect(uploadIdFor(clientId, 0)).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-8[0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(uploadIdFor("nonsense", 0)).not.toBe(uploadIdFor("nonsense", 0));
  });
});
