import type { MemberProfile } from "~/domain/accounts/get-profile.server";
import { formatPhoneForDisplay } from "~/domain/accounts/phone";
import type { Lang } from "~/i18n/config";
import { formatDate } from "~/i18n/format";

/** What the settings page's phone card shows (components/accounts/phone-settings.tsx). */
export interface PhoneCardView {
  /** The member's number as shown (international format), or null. */
  number: string | null;
  /** The same in E.164, the request form's first value. */
  e164: string | null;
  verified: boolean;
  /** When another account took the number this one had verified, as a date to show. */
  takenOn: string | null;
  /** The number a code was last sent to and may still be typed for (E.164 and as shown). */
  pending: { e164: string; number: string } | null;
  /** The member chose "Use another number" while a code was pending. */
  other: boolean;
}

export function phoneCardView(
  lang: Lang,
  profile: Pick<MemberProfile, "phoneNumber" | "phoneVerifiedAt" | "phoneTakenAt">,
  pending: { phone: string } | null,
  choice: string | null,
): PhoneCardView {
  const e164 = profile.phoneNumber;
  // A code for the number already verified here is nothing to wait for.
  const waiting = pending && !(profile.phoneVerifiedAt && pending.phone === e164) ? pending : null;
  return {
    number: e164 ? formatPhoneForDisplay(e164) : null,
    e164,
    verified: Boolean(e164 && profile.phoneVerifiedAt),
    takenOn: profile.phoneTakenAt
      ? formatDate(lang, profile.phoneTakenAt, { year: "numeric", month: "long", day: "numeric" })
      : null,
    pending: waiting ? { e164: waiting.phone, number: formatPhoneForDisplay(waiting.phone) } : null,
    other: choice === "other",
  };
}
