import { type SQL, sql } from "drizzle-orm";

/** A message's photo as pages name it: its id, its size, the widths it is stored at. */
export interface MessagePhotoRef {
  id: string;
  width: number;
  height: number;
  widths: number[];
}

/** A column of a query over messages: the photos of the message `id`, in order, as JSON. */
export function messagePhotosOf(id: SQL) {
  return sql`(select json_agg(json_build_object(
      'id', p.id, 'width', p.width, 'height', p.height, 'variants', p.variants
    ) order by p.sort_order, p.id) from message_photos p where p.message_id = ${id})`;
}

/** The same over `messages m`. */
export const messagePhotosColumn = messagePhotosOf(sql.raw("m.id"));

/** The column's value as refs; the storage keys stay on the server's side of the view. */
export function photoRefs(value: unknown): MessagePhotoRef[] {
  const rows = (typeof value === "string" ? JSON.parse(value) : value) as
    | { id: string; width: number; height: number; variants: { width: number }[] | null }[]
    | null;
  return (rows ?? []).flatMap((row) =>
    row.variants && row.width && row.height
      ? [
          {
            id: row.id,
            width: row.width,
            height: row.height,
            widths: row.variants.map((v) => v.width).sort((a, b) => a - b),
          },
        ]
      : [],
  );
}
