/*
 * How the last attempt at something outside (the SMTP server, the SMS gateway) went, for
 * /healthz: "up" after a success, "failing" with the error's words and when, until one succeeds.
 */

export interface LastOutcome {
  status: "up" | "failing";
  lastError?: string;
  lastFailureAt?: string;
}

/** Runs `attempt` and remembers how it went; the error is thrown on. */
export function lastOutcome() {
  let state: LastOutcome = { status: "up" };
  return {
    state: () => state,
    async track<T>(attempt: () => Promise<T>): Promise<T> {
      try {
        const value = await attempt();
        state = { status: "up" };
        return value;
      } catch (error) {
        state = {
          status: "failing",
          lastError: (error as Error).message,
          lastFailureAt: new Date().toISOString(),
        };
        throw error;
      }
    },
  };
}
