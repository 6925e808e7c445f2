import type { RateLimitRule } from "./rate-limit.server";

/*
 * Limits on the actions attackers automate. Chosen to be invisible to a person (who might mistype
 * a password a few times, or ask for a second reset mail) and to stop scripts early.
 */
export const limits = {
  /** Wrong passwords from one address, whatever the accounts. */
  signInPerIp: { name: "sign-in:ip", max: 30, windowSeconds: 15 * 60 },
  /**
   * Wrong passwords for one account from one address. Keyed by both, so an attacker's guesses
   * never lock the owner out: the owner's own address has its own count.
   */
  signInPerAccount: { name: "sign-in:account-ip", max: 8, windowSeconds: 15 * 60 },
  /** Wrong current passwords (change password, delete account) for one member, and per address. */
  passwordCheckPerMember: { name: "password-check:member", max: 5, windowSeconds: 15 * 60 },
  passwordCheckPerIp: { name: "password-check:ip", max: 20, windowSeconds: 15 * 60 },
  signUpPerIp: { name: "sign-up:ip", max: 5, windowSeconds: 60 * 60 },
  resetPerAddress: { name: "reset:address", max: 3, windowSeconds: 60 * 60 },
  resetPerIp: { name: "reset:ip", max: 10, windowSeconds: 60 * 60 },
  confirmPerAddress: { name: "confirm:address", max: 3, windowSeconds: 60 * 60 },
  confirmPerIp: { name: "confirm:ip", max: 10, windowSeconds: 60 * 60 },
} satisfies Record<string, RateLimitRule>;
