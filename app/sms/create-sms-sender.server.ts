import path from "node:path";
import type { Env } from "~/utils/env.server";
import { lastOutcome } from "~/utils/last-outcome";
import { httpSender } from "./http-sender.server";
import { outboxSender } from "./outbox.server";
import { smppSender } from "./smpp-sender.server";
import type { SmsHealth, SmsSender, SmsSenderOptions } from "./sms-sender";

/**
 * SMPP when SMS_URL is smpp://, an HTTP gateway when it is http(s)://, otherwise every message is
 * written as a JSON file to $DATA_DIR/sms, which /dev/mail shows next to the mail outbox.
 */
export function createSmsSender(
  env: Pick<Env, "DATA_DIR"> & Partial<Pick<Env, "SMS_URL" | "SMS_FROM" | "SMS_HTTP_BODY">>,
  options: SmsSenderOptions = {},
): SmsSender {
  const from = env.SMS_FROM ?? "Souqna";
  const url = env.SMS_URL;
  if (url?.toLowerCase().startsWith("smpp://")) return withHealth(smppSender(url, from, options));
  if (url) {
    return withHealth(
      httpSender({
        url,
        from,
        body: env.SMS_HTTP_BODY ?? '{"to":"{to}","text":"{text}","from":"{from}"}',
        timeoutMs: options.timeoutMs,
      }),
    );
  }
  return withHealth(outboxSender(path.join(env.DATA_DIR, "sms")));
}

/** Remembers whether the last text went out ("failing" until one does again), as the mailer does. */
function withHealth(sender: SmsSender): SmsSender {
  const outcome = lastOutcome();
  return {
    ...sender,
    send: (sms) => outcome.track(() => sender.send(sms)),
    health(): SmsHealth {
      const state = outcome.state();
      return sender.bound
        ? { ...state, session: sender.bound() ? "bound" : "reconnecting" }
        : state;
    },
  };
}
