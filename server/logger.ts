import pino from "pino";

/** `base`: fields on every line (a worker's number, so an operator can tell them apart). */
export function createLogger(level: string, base?: Record<string, unknown>) {
  return pino({
    level,
    base: base ?? undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: ["req.headers.cookie", "req.headers.authorization"],
    serializers: { err: serializeError, error: serializeError },
  });
}

export type AppLogger = ReturnType<typeof createLogger>;

/*
 * Errors are logged with their type, message and stack, but without what a failed SQL statement
 * carried: drizzle puts the parameters (e-mail addresses, names, tokens) into the error and its
 * message. The statement itself stays, it is ours.
 */
function serializeError(value: unknown): unknown {
  if (!(value instanceof Error)) return value;
  const out: Record<string, unknown> = {
    type: value.name,
    message: withoutParams(value.message),
    stack: value.stack ? withoutParams(value.stack) : undefined,
  };
  const code = (value as { code?: unknown }).code;
  if (typeof code === "string" || typeof code === "number") out.code = code;
  if (value.cause instanceof Error) out.cause = serializeError(value.cause);
  return out;
}

function withoutParams(text: string) {
  return text.replace(/\nparams: [^\n]*/g, "\nparams: [redacted]");
}
