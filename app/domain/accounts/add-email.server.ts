import { AppError } from "~/utils/app-error";
import { isUndeliverableAddress } from "~/utils/undeliverable-address";
import { limits } from "./abuse-limits";
import type { Auth, MailRequest } from "./auth.server";
import { hitRateLimits } from "./rate-limit.server";
import type { Member } from "./session.server";

/**
 * A member who signed up with a phone alone gives an e-mail address (decision 037): it replaces
 * the placeholder at once, unconfirmed, and a confirmation link goes to it; e-mail notices start
 * once it is confirmed. Only for the placeholder: changing a real address is another feature.
 *
 * An address another account already uses is answered the same (and nothing changes): Settings
 * must not tell a signed-in stranger who else is a member. Returns the Set-Cookie headers.
 */
export async function addEmail({
  auth,
  db,
  member,
  email,
  ip,
  headers,
}: Omit<MailRequest, "auth"> & { auth: Auth; member: Member; headers: Headers }): Promise<
  string[]
> {
  if (!isUndeliverableAddress(member.email)) throw new AppError("FORBIDDEN");
  const limited = await hitRateLimits(db, [
    [limits.confirmPerIp, ip],
    [limits.confirmPerAddress, email],
  ]);
  if (limited.limited) throw new AppError("RATE_LIMITED", { seconds: limited.retryAfterSeconds });
  const { headers: out } = await auth.api.changeEmail({
    body: { newEmail: email, callbackURL: "/" },
    headers,
    returnHeaders: true,
  });
  return out.getSetCookie();
}
