import { inArray } from "drizzle-orm";
import type { Database } from "../../client.server";
import { profiles, users } from "../../schema";
import { PLACES } from "./places";
import { Dice, mulberry32 } from "./random";

/* The demo's members: Syrian names in both scripts, usernames, phone numbers and home cities. */

const DAY_MS = 24 * 60 * 60 * 1000;

const FIRST_NAMES: [en: string, ar: string][] = [
  ["Mohammad", "محمد"],
  ["Ahmad", "أحمد"],
  ["Khaled", "خالد"],
  ["Omar", "عمر"],
  ["Samer", "سامر"],
  ["Rami", "رامي"],
  ["Basel", "باسل"],
  ["Fadi", "فادي"],
  ["Mazen", "مازن"],
  ["Wassim", "وسيم"],
  ["Hussam", "حسام"],
  ["Tarek", "طارق"],
  ["George", "جورج"],
  ["Elias", "إلياس"],
  ["Maher", "ماهر"],
  ["Abdulrahman", "عبد الرحمن"],
  ["Youssef", "يوسف"],
  ["Alaa", "علاء"],
  ["Ayham", "أيهم"],
  ["Ghaith", "غيث"],
  ["Kinan", "كنان"],
  ["Majd", "مجد"],
  ["Rana", "رنا"],
  ["Lina", "لينا"],
  ["Sara", "سارة"],
  ["Reem", "ريم"],
  ["Hiba", "هبة"],
  ["Nour", "نور"],
  ["Dima", "ديما"],
  ["Rahaf", "رهف"],
  ["Lama", "لمى"],
  ["Mais", "ميس"],
  ["Rawan", "روان"],
  ["Joud", "جود"],
  ["Salma", "سلمى"],
  ["Yara", "يارا"],
  ["Hala", "هالة"],
  ["Bushra", "بشرى"],
];

const FAMILY_NAMES: [en: string, ar: string][] = [
  ["Al-Halabi", "الحلبي"],
  ["Al-Shami", "الشامي"],
  ["Al-Khatib", "الخطيب"],
  ["Al-Ahmad", "الأحمد"],
  ["Al-Ali", "العلي"],
  ["Al-Hasan", "الحسن"],
  ["Al-Masri", "المصري"],
  ["Haddad", "حداد"],
  ["Khoury", "خوري"],
  ["Nassar", "نصار"],
  ["Al-Zoubi", "الزعبي"],
  ["Al-Qasem", "القاسم"],
  ["Al-Droubi", "الدروبي"],
  ["Al-Atassi", "الأتاسي"],
  ["Al-Jundi", "الجندي"],
  ["Al-Homsi", "الحمصي"],
  ["Kabbani", "قباني"],
  ["Al-Attar", "العطار"],
  ["Suleiman", "سليمان"],
  ["Al-Rifai", "الرفاعي"],
  ["Issa", "عيسى"],
  ["Murad", "مراد"],
  ["Darwish", "درويش"],
  ["Al-Kurdi", "الكردي"],
  ["Al-Najjar", "النجار"],
  ["Al-Sabbagh", "الصباغ"],
  ["Makhlouf", "مخلوف"],
  ["Barakat", "بركات"],
];

/** About 12 members for a small demo, growing with the square root up to 200 for 100k. */
export function demoMemberCount(listingCount: number) {
  return Math.min(200, Math.max(12, Math.round(Math.sqrt(listingCount) * 0.64)));
}

function slug(text: string) {
  return text.toLowerCase().replace(/[^a-z]/g, "");
}

/**
 * Member n is the same person in every run (own PRNG seeded by n), so re-seeding reuses rows
 * instead of inventing a second "demo-3".
 */
function demoMember(n: number, now: Date) {
  const d = new Dice(mulberry32(n * 2_654_435_761));
  const [firstEn, firstAr] = d.pick(FIRST_NAMES);
  const [familyEn, familyAr] = d.pick(FAMILY_NAMES);
  const arabic = d.chance(0.65);
  const fullName = arabic ? `${firstAr} ${familyAr}` : `${firstEn} ${familyEn}`;
  // A letters-only base plus the member number can never collide with another member's name.
  const base = d.pick([
    `${slug(firstEn)}_${slug(familyEn)}`,
    slug(firstEn),
    `${slug(familyEn)}_${slug(firstEn)}`,
    `${slug(firstEn)}${slug(familyEn).slice(0, 1)}`,
  ]);
  const suffix = String(n);
  const username = `${base.slice(0, 30 - suffix.length)}${suffix}`;
  const city = d.weighted(PLACES);
  const createdAt = new Date(now.getTime() - d.float(61, 365) * DAY_MS);
  // Unique (the member number ends it): a verified number belongs to one account only.
  const phone = `+9639${d.pick(["3", "4", "5", "6", "8", "9"])}${String(d.int(0, 9_999)).padStart(4, "0")}${String(n % 1000).padStart(3, "0")}`;
  return {
    user: {
      id: `demo-${n}`,
      name: fullName,
      email: `demo${n}@demo.souqna.app`,
      emailVerified: d.chance(0.85),
      createdAt,
      updatedAt: createdAt,
    },
    profile: {
      id: `demo-${n}`,
      username,
      fullName,
      // A city id, as the profile form saves it; the page names it in the reader's language.
      location: city.id,
      phoneNumber: phone,
      // Most sellers proved their number by SMS (decision 036); the rest are reached by message.
      phoneVerifiedAt: d.chance(0.8) ? createdAt : null,
      preferredLanguage: (arabic ? "ar" : "en") as "ar" | "en",
      createdAt,
      updatedAt: createdAt,
    },
  };
}

/**
 * Creates the demo members a seed of this size needs (existing ones are kept) and returns who can
 * own listings.
 */
export async function ensureMembers(db: Database, count: number, now: Date) {
  const members = Array.from({ length: count }, (_, i) => demoMember(i + 1, now));
  const inserted = await db.transaction(async (tx) => {
    const rows = await tx
      .insert(users)
      .values(members.map((m) => m.user))
      .onConflictDoNothing()
      .returning({ id: users.id });
    await tx
      .insert(profiles)
      .values(members.map((m) => m.profile))
      .onConflictDoNothing();
    return rows.length;
  });
  // Someone may own a demo address under another id; only members that exist can own listings.
  const existing = await db
    .select({ id: users.id })
    .from(users)
    .where(
      inArray(
        users.id,
        members.map((m) => m.user.id),
      ),
    );
  const ids = new Set(existing.map((row) => row.id));
  return { inserted, ownerIds: members.map((m) => m.user.id).filter((id) => ids.has(id)) };
}
