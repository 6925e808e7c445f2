import { eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { users } from "~/db/schema";

export type Role = "member" | "moderator";

export function isRole(value: unknown): value is Role {
  return value === "member" || value === "moderator";
}

/**
 * Gives a member a role; for the command line only (`npm run user:role`), which is how a
 * moderator is made. The e-mail address is matched without regard to case. Null when no member
 * has that address.
 */
export async function setMemberRole({
  db,
  email,
  role,
}: {
  db: Database;
  email: string;
  role: Role;
}): Promise<{ id: string; name: string; previous: Role } | null> {
  const [found] = await db
    .select({ id: users.id, name: users.name, role: users.role })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
    .limit(1);
  if (!found) return null;
  if (found.role !== role) {
    await db.update(users).set({ role, updatedAt: sql`now()` }).where(eq(users.id, found.id));
  }
  return { id: found.id, name: found.name, previous: found.role };
}
