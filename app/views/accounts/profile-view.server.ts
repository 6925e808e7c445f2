import type { MemberProfile } from "~/domain/accounts/get-profile.server";
import { formatPhoneForDisplay } from "~/domain/accounts/phone";
import { type Lang, otherLanguage } from "~/i18n/config";
import { formatDate } from "~/i18n/format";
import { serverT } from "~/i18n/i18n.server";
import { localized } from "~/i18n/localized";
import { isUndeliverableAddress } from "~/utils/undeliverable-address";
import { cityGroups, findCity } from "~/views/common/city-groups.server";

export type ProfileView = ReturnType<typeof toProfileView>;

/** The member's profile as the page shows it, formatted in the reader's language. */
export function toProfileView(lang: Lang, profile: MemberProfile) {
  return {
    fullName: profile.fullName,
    username: profile.username,
    // A phone-only account's placeholder is never shown (decision 037).
    email: isUndeliverableAddress(profile.email) ? null : profile.email,
    emailVerified: profile.emailVerified,
    avatarUrl: profile.image,
    // The name's first letter, as the header's avatar has it (an Arabic name's too).
    initial: ([...profile.fullName.trim()][0] ?? "?").toUpperCase(),
    memberSince: formatDate(lang, profile.createdAt, { year: "numeric", month: "long" }),
    location: profile.location,
    locationLabel: locationLabel(lang, profile.location),
    phone: profile.phoneNumber ? formatPhoneForDisplay(profile.phoneNumber) : null,
    phoneVerified: Boolean(profile.phoneNumber && profile.phoneVerifiedAt),
  };
}

/** "Jaramana, Rif Dimashq"; just "Damascus" where the city names its governorate. */
function locationLabel(lang: Lang, cityId: string | null) {
  const found = findCity(cityId);
  if (!found) return null;
  const { city, governorate } = found;
  if (!governorate || governorate.name === city.name) return localized(lang, city);
  return serverT(lang, "account")("profile.info.locationValue", {
    city: localized(lang, city),
    governorate: localized(lang, governorate),
  });
}

/** The cities for the location picker, grouped by governorate, each named in both languages. */
export function locationGroups(lang: Lang) {
  const t = serverT(lang, "account");
  const other = otherLanguage(lang);
  return cityGroups(lang, (place) =>
    t("profile.form.locationOption", {
      name: localized(lang, place),
      other: localized(other, place),
    }),
  );
}
