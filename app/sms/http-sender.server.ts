import {
  describeGateway,
  type OutgoingSms,
  SMS_TIMEOUT_MS,
  SmsDeliveryError,
  type SmsSender,
} from "./sms-sender";

/** Answers a retry may change: the gateway timed out, was rate-limited, or failed itself. */
const RETRY_STATUSES = new Set([408, 425, 429]);

/**
 * An HTTP gateway: one POST per message to SMS_URL (user and password in the URL become Basic
 * authentication), with the body SMS_HTTP_BODY after its placeholders are filled: `{to}` (E.164,
 * "+963…"), `{msisdn}` (the same without "+"), `{text}` and `{from}`. A body starting with `{`
 * is JSON (each value escaped as a JSON string's content), any other is form-encoded. 2xx is
 * success; 408, 425, 429, 5xx and a network error are retried; any other 4xx is a refusal no
 * retry changes. The gateway's message id is read from a JSON answer's `id`, `message_id` or
 * `messageId` when there is one.
 */
export function httpSender({
  url,
  from,
  body,
  timeoutMs = SMS_TIMEOUT_MS,
}: {
  url: string;
  from: string;
  body: string;
  timeoutMs?: number;
}): SmsSender {
  const target = new URL(url);
  const authorization = target.username
    ? `Basic ${Buffer.from(
        `${decodeURIComponent(target.username)}:${decodeURIComponent(target.password)}`,
      ).toString("base64")}`
    : undefined;
  target.username = "";
  target.password = "";
  const where = describeGateway(url);
  const json = body.trimStart().startsWith("{");
  return {
    kind: "http",
    async send(sms) {
      let response: Response;
      try {
        response = await fetch(target, {
          method: "POST",
          headers: {
            "content-type": json ? "application/json" : "application/x-www-form-urlencoded",
            accept: "application/json, text/plain, */*",
            ...(authorization ? { authorization } : {}),
          },
          body: fillBody(body, sms, from),
          redirect: "error",
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        const cause = (error as { cause?: { code?: string } }).cause?.code;
        const reason = (error as Error).name === "TimeoutError" ? "timed out" : (cause ?? "error");
        throw new SmsDeliveryError(`Could not reach SMS gateway ${where} (${reason})`);
      }
      const answer = await response.text().catch(() => "");
      if (!response.ok) {
        const permanent = response.status < 500 && !RETRY_STATUSES.has(response.status);
        throw new SmsDeliveryError(`SMS gateway ${where} answered ${response.status}`, permanent);
      }
      return { gatewayId: gatewayIdIn(answer) };
    },
    async close() {},
  };
}

export function fillBody(template: string, sms: Pick<OutgoingSms, "to" | "text">, from: string) {
  const json = template.trimStart().startsWith("{");
  const values: Record<string, string> = {
    to: sms.to,
    msisdn: sms.to.replace(/^\+/, ""),
    text: sms.text,
    from,
  };
  return template.replace(/\{(to|msisdn|text|from)\}/g, (_match, name: string) => {
    const value = values[name] ?? "";
    return json ? JSON.stringify(value).slice(1, -1) : encodeURIComponent(value);
  });
}

function gatewayIdIn(answer: string) {
  try {
    const parsed = JSON.parse(answer) as Record<string, unknown>;
    const id = parsed.id ?? parsed.message_id ?? parsed.messageId;
    return typeof id === "string" || typeof id === "number" ? String(id) : undefined;
  } catch {
    return undefined;
  }
}
