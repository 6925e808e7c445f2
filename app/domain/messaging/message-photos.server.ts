import { createHash, randomUUID } from "node:crypto";
import { and, count, eq, inArray, isNotNull, isNull, lt, sql } from "drizzle-orm";
import { type Database, selectRows } from "~/db/client.server";
import { messagePhotos } from "~/db/schema";
import { lockCounts } from "~/domain/accounts/rate-limit.server";
import type { Member } from "~/domain/accounts/session.server";
import {
  DEFAULT_LISTING_RATES,
  type ListingRates,
  limitPhotoProcessing,
} from "~/domain/listings/listing-rates.server";
import { storeUploadedImage, VARIANT_WIDTHS } from "~/media/listing-images.server";
import type { MediaStorage } from "~/media/storage.server";
import { AppError } from "~/utils/app-error";
import {
  findConversationAsParty,
  isConversationId,
  sendRefusal,
} from "./conversation-access.server";
import type { MessagePhotoRef } from "./message-photo-refs.server";
import { MESSAGE_PHOTOS_MAX } from "./messaging-limits";

/*
 * Photos in messages (issue 31): the part of a car, the damage seen, the receipt. Each is
 * uploaded on its own while the message is written — checked, re-encoded and stripped of its
 * EXIF data by the listing photos' pipeline — and taken by the message that names it. They are
 * the two members' alone: stored under `private/`, which the public media path never serves,
 * and read only through the conversation's photo route (messagePhotoFor) after the same
 * membership check as the conversation itself.
 */

export { MESSAGE_PHOTOS_MAX };
/** Photos a member may have uploaded and not sent yet, across conversations. */
export const UNSENT_MESSAGE_PHOTOS_MAX = MESSAGE_PHOTOS_MAX * 3;
/** An uploaded photo no message took is deleted after this long (the hourly sweep). */
export const UNSENT_PHOTO_HOURS = 24;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type PhotoVariants = { width: number; height: number; key: string }[];

export interface StagedMessagePhoto extends MessagePhotoRef {
  conversationId: string;
  /** False when this upload had been received before (a retry): nothing was processed again. */
  created: boolean;
}

type Row = typeof messagePhotos.$inferSelect;

function toRef(row: Pick<Row, "id" | "variants" | "width" | "height">): MessagePhotoRef {
  if (!row.variants || !row.width || !row.height) throw new AppError("STAGED_PHOTO_BUSY");
  return {
    id: row.id,
    width: row.width,
    height: row.height,
    widths: row.variants.map((v) => v.width).sort((a, b) => a - b),
  };
}

/**
 * Receives one photo for a message the member is writing in a conversation of theirs. Refused
 * like a message (strangers NOT_FOUND, blocks, a closed conversation). `uploadId` sent again
 * answers the photo already received; past UNSENT_MESSAGE_PHOTOS_MAX waiting photos it is
 * MESSAGE_PHOTO_LIMIT, exact however many arrive at once; processing counts against the same
 * photo rates as listing photos, refused files too, so a broken file cannot be sent forever.
 */
export async function stageMessagePhoto({
  db,
  storage,
  member,
  conversationId,
  uploadId,
  bytes,
  ip,
  rates = DEFAULT_LISTING_RATES,
}: {
  db: Database;
  storage: MediaStorage;
  member: Pick<Member, "id">;
  conversationId: unknown;
  uploadId: unknown;
  bytes: Uint8Array;
  ip?: string;
  rates?: ListingRates;
}): Promise<StagedMessagePhoto> {
  const party = await findConversationAsParty(db, member, conversationId);
  const refusal = sendRefusal(party);
  if (refusal) throw new AppError(refusal);
  if (typeof uploadId !== "string" || !UUID.test(uploadId)) throw new AppError("INVALID_REQUEST");
  const upload = uploadId.toLowerCase();
  const existing = await findUpload(db, member.id, upload);
  if (existing) return answerRetry(existing, party.id);

  return limitPhotoProcessing(
    db,
    { memberId: member.id, ip, rates, counts: (outcome) => outcome.ok && outcome.value.created },
    async () => {
      const claimed = await db.transaction(async (tx) => {
        await lockCounts(tx, { member: member.id });
        const [waiting] = await tx
          .select({ n: count() })
          .from(messagePhotos)
          .where(and(eq(messagePhotos.senderId, member.id), isNull(messagePhotos.messageId)));
        if ((waiting?.n ?? 0) >= UNSENT_MESSAGE_PHOTOS_MAX) {
          throw new AppError("MESSAGE_PHOTO_LIMIT");
        }
        const [row] = await tx
          .insert(messagePhotos)
          .values({
            conversationId: party.id,
            senderId: member.id,
            uploadId: upload,
            storageKey: `private/messages/${randomUUID()}`,
          })
          .onConflictDoNothing()
          .returning();
        return row ?? null;
      });
      if (!claimed) {
        const other = await findUpload(db, member.id, upload);
        if (other) return answerRetry(other, party.id);
        throw new AppError("STAGED_PHOTO_BUSY");
      }
      return storeUploadedImage(storage, claimed.storageKey, bytes, {
        record: async (image) => {
          const [ready] = await db
            .update(messagePhotos)
            .set({ variants: image.variants, width: image.width, height: image.height })
            .where(eq(messagePhotos.id, claimed.id))
            .returning();
          if (!ready) throw new AppError("UNEXPECTED");
          return { ...toRef(ready), conversationId: party.id, created: true };
        },
        undo: () => db.delete(messagePhotos).where(eq(messagePhotos.id, claimed.id)),
      });
    },
  );
}

async function findUpload(db: Database, senderId: string, upload: string) {
  const [row] = await db
    .select()
    .from(messagePhotos)
    .where(and(eq(messagePhotos.senderId, senderId), eq(messagePhotos.uploadId, upload)));
  return row ?? null;
}

function answerRetry(row: Row, conversationId: string): StagedMessagePhoto {
  // The member's own upload id, reused for another conversation, names nothing there.
  if (row.conversationId !== conversationId) throw new AppError("INVALID_REQUEST");
  return { ...toRef(row), conversationId, created: false };
}

/**
 * The message's side, inside its transaction: takes the sender's unsent photos `ids` (in that
 * order) for the message. Each must be theirs, uploaded for this conversation, processed and not
 * sent before; else MESSAGE_PHOTO_INVALID and the message is not saved.
 */
export async function takeMessagePhotos(
  tx: Database,
  {
    senderId,
    conversationId,
    messageId,
    ids,
  }: { senderId: string; conversationId: string; messageId: string; ids: readonly string[] },
) {
  if (ids.length === 0) return [];
  if (
    ids.length > MESSAGE_PHOTOS_MAX ||
    new Set(ids).size !== ids.length ||
    ids.some((id) => !UUID.test(id))
  ) {
    throw new AppError("MESSAGE_PHOTO_INVALID", { field: "photos" });
  }
  const order = sql.join(
    ids.map((id, i) => sql`when ${id.toLowerCase()}::uuid then ${i}`),
    sql` `,
  );
  const taken = await tx
    .update(messagePhotos)
    .set({ messageId, sortOrder: sql`case ${messagePhotos.id} ${order} else 0 end` })
    .where(
      and(
        inArray(
          messagePhotos.id,
          ids.map((id) => id.toLowerCase()),
        ),
        eq(messagePhotos.senderId, senderId),
        eq(messagePhotos.conversationId, conversationId),
        isNull(messagePhotos.messageId),
        isNotNull(messagePhotos.variants),
      ),
    )
    .returning();
  if (taken.length !== ids.length) throw new AppError("MESSAGE_PHOTO_INVALID", { field: "photos" });
  const byId = new Map(taken.map((row) => [row.id, toRef(row)]));
  return ids.flatMap((id) => byId.get(id.toLowerCase()) ?? []);
}

/**
 * The stored file of one of a message photo's widths, for a member of its conversation — or for
 * its sender before it is sent (the composer's thumbnail) — and for a moderator while a report on
 * the conversation is open (the role read from the database, as assertModerator does). Null for
 * anyone else, an unknown photo or width, and a malformed id: the route answers them all 404 alike.
 */
export async function messagePhotoFor({
  db,
  member,
  conversationId,
  photoId,
  width,
}: {
  db: Database;
  member: (Pick<Member, "id"> & Partial<Pick<Member, "role">>) | null;
  conversationId: unknown;
  photoId: unknown;
  width: unknown;
}): Promise<{ key: string } | null> {
  if (!member || !isConversationId(conversationId) || !isConversationId(photoId)) return null;
  const asModerator =
    member.role === "moderator"
      ? sql`(p.message_id is not null
            and exists(select 1 from users u where u.id = ${member.id}
                       and u.role = 'moderator' and u.suspended_at is null)
            and exists(select 1 from conversation_reports r
                       where r.conversation_id = c.id and r.status = 'open'))`
      : sql`false`;
  const [row] = await selectRows<{ variants: PhotoVariants | string | null }>(
    db,
    sql`select p.variants from message_photos p
        join conversations c on c.id = p.conversation_id
        where p.id = ${photoId.toLowerCase()} and c.id = ${conversationId.toLowerCase()}
          and (((c.buyer_id = ${member.id} or c.seller_id = ${member.id})
                and (p.message_id is not null or p.sender_id = ${member.id}))
               or ${asModerator})`,
  );
  if (!row?.variants) return null;
  const variants: PhotoVariants =
    typeof row.variants === "string" ? JSON.parse(row.variants) : row.variants;
  const wanted = Number(width);
  const variant = variants.find((v) => v.width === wanted);
  return variant ? { key: variant.key } : null;
}

/** The hourly sweep's part: photos uploaded for a message never sent go after a day, files first. */
export async function deleteUnsentMessagePhotos({
  db,
  storage,
  now = new Date(),
}: {
  db: Database;
  storage: Pick<MediaStorage, "delete">;
  now?: Date;
}): Promise<number> {
  const before = new Date(now.getTime() - UNSENT_PHOTO_HOURS * 60 * 60 * 1000);
  let deleted = 0;
  for (;;) {
    const rows = await db
      .select()
      .from(messagePhotos)
      .where(and(isNull(messagePhotos.messageId), lt(messagePhotos.createdAt, before)))
      .limit(200);
    if (rows.length === 0) return deleted;
    await storage.delete(
      rows.flatMap((row) =>
        row.variants
          ? row.variants.map((variant) => variant.key)
          : VARIANT_WIDTHS.map((w) => `${row.storageKey}-${w}.webp`),
      ),
    );
    await db.delete(messagePhotos).where(
      inArray(
        messagePhotos.id,
        rows.map((row) => row.id),
      ),
    );
    deleted += rows.length;
  }
}

/**
 * The upload id of a message's `index`th photo sent with it in one form (without JavaScript):
 * made from the message's client id, so the same form posted twice is the same photos.
 */
export function uploadIdFor(clientId: unknown, index: number): string {
  const seed =
    typeof clientId === "string" && UUID.test(clientId) ? clientId.toLowerCase() : randomUUID();
  const hex = createHash("sha256").update(`${seed}:${index}`).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
