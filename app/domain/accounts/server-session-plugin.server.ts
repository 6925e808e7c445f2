import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthEndpoint } from "better-auth/api";
import { setSessionCookie } from "better-auth/cookies";
import { z } from "zod";

/*
 * A session for a member our own domain has already proven (a code typed back from an SMS,
 * decision 037). better-auth opens it and signs its cookie exactly as it does for a password, so
 * every other path (reading, refreshing, revoking sessions) stays better-auth's. The endpoint is
 * SERVER_ONLY and better-auth's HTTP handler is not mounted anyway: only our server calls it,
 * through `auth.api.openProvenSession`, after the proof.
 */
export function provenSessions() {
  return {
    id: "souqna-proven-sessions",
    endpoints: {
      openProvenSession: createAuthEndpoint(
        "/souqna/open-proven-session",
        {
          method: "POST",
          body: z.object({ userId: z.string().min(1) }),
          metadata: { SERVER_ONLY: true },
        },
        async (ctx) => {
          const user = await ctx.context.internalAdapter.findUserById(ctx.body.userId);
          if (!user) throw new APIError("NOT_FOUND", { message: "No such user" });
          const session = await ctx.context.internalAdapter.createSession(user.id);
          await setSessionCookie(ctx, { session, user });
          return ctx.json({ sessionId: session.id });
        },
      ),
    },
  } satisfies BetterAuthPlugin;
}
