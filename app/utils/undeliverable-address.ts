/*
 * An account made with a phone number alone (decision 037) still needs an e-mail in better-auth's
 * users table: it gets `<id>@phone.invalid`. `.invalid` is reserved (RFC 2606) and can never be
 * delivered, so no mail is ever queued or sent to it — whatever kind, whoever asks.
 */
export const PLACEHOLDER_EMAIL_DOMAIN = "phone.invalid";

export function placeholderEmail(memberId: string) {
  return `${memberId}@${PLACEHOLDER_EMAIL_DOMAIN}`;
}

/** Whether an address can never receive mail (a `.invalid` domain, the placeholder among them). */
export function isUndeliverableAddress(address: string | null | undefined) {
  return /\.invalid$/i.test((address ?? "").trim());
}
