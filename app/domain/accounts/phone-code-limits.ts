import type { CountryCode } from "libphonenumber-js";

/*
 * The rules of proving a phone number by SMS (decision 036). An SMS costs money and a code is a
 * secret of six digits, so every number here is a defence: against guessing a code, against a
 * script that makes us pay for texts to premium or far-away ranges (SMS pumping), and against
 * one person pestering a number that is not theirs.
 */
export const phoneCode = {
  length: 6,
  /** A code is good for ten minutes… */
  ttlSeconds: 10 * 60,
  /** …and five tries; then a new one must be asked for. */
  maxAttempts: 5,
  /**
   * The wait before another code to the same number, growing with the codes already sent to it in
   * the last day: 60 s, 2 min, 5 min, 15 min, then an hour.
   */
  resendWaitsSeconds: [60, 120, 300, 900, 3600],
  perNumberPerDay: 6,
  perMemberPerDay: 10,
  perNetworkPerDay: 20,
  /** Across all members, to one country's numbers: a pumping script is stopped within the hour. */
  perCountryPerHour: 200,
} as const;

/**
 * Countries whose mobile numbers we send codes to unless the operator says otherwise
 * (`SMS_COUNTRIES`): Syria, its neighbours, the Gulf, and where the diaspora lives most.
 */
export const defaultSmsCountries: readonly CountryCode[] = [
  "SY",
  "LB",
  "JO",
  "IQ",
  "TR",
  "EG",
  "SA",
  "AE",
  "QA",
  "KW",
  "BH",
  "OM",
  "DE",
  "SE",
  "NL",
  "AT",
  "DK",
  "NO",
  "BE",
  "FR",
  "CH",
  "GB",
  "IE",
  "US",
  "CA",
  "AU",
];
