import type { RateLimitRule } from "~/domain/accounts/rate-limit.server";

/**
 * Sending limits per member, counted in the database so every instance counts together. A person
 * typing never meets them: a burst of 8 within 10 seconds allows quick short replies ("ok", "yes",
 * "when?"), 20 a minute is a fast conversation. A script pasting ads into every conversation, or
 * writing to every seller, stops within seconds.
 */
export const messageLimits = {
  burst: { name: "message:burst", max: 8, windowSeconds: 10 },
  perMinute: { name: "message:minute", max: 20, windowSeconds: 60 },
  newConversationsPerHour: { name: "message:new-conversation", max: 20, windowSeconds: 60 * 60 },
} satisfies Record<string, RateLimitRule>;
