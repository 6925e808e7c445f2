/** The accounts scripts/e2e-server.mjs creates in every e2e data dir before the server starts. */
export const E2E_MODERATOR = {
  name: "Maha Moderator",
  email: "moderator@example.com",
  password: "Qasioun-Moderator-2026",
} as const;

/**
 * Members in good standing: a confirmed e-mail and an account a month old, so their reports count
 * towards the automatic hold (fresh sign-ups' reports only reach the queue; decision 009).
 */
export const E2E_TRUSTED_REPORTERS: {
  name: string;
  email: string;
  password: string;
  lang: "en" | "ar";
}[] = [
  { name: "Rami Haddad", email: "reporter-1@example.com", lang: "en" as const },
  { name: "Lina Sabbagh", email: "reporter-2@example.com", lang: "en" as const },
  { name: "هالة العلي", email: "reporter-3@example.com", lang: "ar" as const },
].map((member) => ({ ...member, password: "Orontes-Reporter-2026" }));

/**
 * Buyers in good standing (confirmed e-mail, a month old) whose ratings count in a seller's
 * average, one per language: the ratings journey (ratings.spec.ts) uses them.
 */
export const E2E_RATERS: { name: string; email: string; password: string; lang: "en" | "ar" }[] = [
  { name: "Omar Sayegh", email: "rater-en@example.com", lang: "en" as const },
  { name: "نور الشامي", email: "rater-ar@example.com", lang: "ar" as const },
].map((member) => ({ ...member, password: "Yarmouk-Rater-2026" }));

/**
 * A member in good standing whose listings have expired, one per project and language (a test
 * renews its own): their titles are `expiredListingTitle(project, lang)`.
 */
export const E2E_EXPIRED_OWNER = {
  name: "Karim Nasser",
  email: "expired-owner@example.com",
  password: "Barada-Owner-2026",
} as const;

export const E2E_PROJECTS = ["desktop", "phone"] as const;

export function expiredListingTitle(project: string, lang: "en" | "ar") {
  return `Expired wardrobe ${project} ${lang}`;
}

/**
 * A dealer with a month of statistics behind them (issue 32), one pair of wardrobes per project
 * and language: the "bumped" one posted 30 days ago (its free bump is due) and a newer "control"
 * one posted 25 days ago, both titled with `dealerWord(project, lang)` so that a search finds only
 * them. The statistics journey (seller-statistics.spec.ts) bumps the first above the second.
 */
export const E2E_DEALER = {
  name: "Bassam Motors",
  email: "dealer@example.com",
  password: "Mezzeh-Dealer-2026",
} as const;

export function dealerWord(project: string, lang: "en" | "ar") {
  return `bassam${project}${lang}`;
}

export function dealerListingTitle(
  project: string,
  lang: "en" | "ar",
  which: "bumped" | "control",
) {
  return `${which === "bumped" ? "Oak" : "Pine"} wardrobe ${dealerWord(project, lang)}`;
}

/**
 * The dealer's Kia Rios of 2015 (six, 80,000–95,000 km, SYP 4,200,000–5,400,000): enough
 * comparables for the fair-price guide, which the server builds as it starts.
 */
export const DEALER_RIO_PRICES = [4_200_000, 4_500_000, 4_700_000, 4_900_000, 5_100_000, 5_400_000];

export function dealerRioTitle(index: number) {
  return `Kia Rio 2015 number ${index + 1}, dealer stock`;
}
