import type { Lang } from "~/i18n/config";
import type { SmsPurpose } from "~/jobs/job-types";
import type { LastOutcome } from "~/utils/last-outcome";

/*
 * The SMS layer's contract (docs/decisions/035-sms-delivery.md): what a sender takes and answers,
 * its error, and the GSM 03.38 test. A leaf: the three senders import it, and
 * create-sms-sender.server.ts picks one of them from SMS_URL.
 */

export interface OutgoingSms {
  /** E.164: "+963912345678". */
  to: string;
  /** Already in the member's language. */
  text: string;
  lang: Lang;
  purpose: SmsPurpose;
}

/** What a gateway said about a message later: the carrier delivered it, or gave up. */
export interface SmsReceipt {
  /** The id the gateway gave the message when it took it (SmsSent.gatewayId). */
  gatewayId: string;
  status: "delivered" | "failed";
  /** The gateway's own words for a failure ("UNDELIV err:001"), never shown to a member. */
  error?: string;
}

export interface SmsSent {
  /** The gateway's id for the message, which its delivery receipt will name; absent if none. */
  gatewayId?: string;
}

/** How the gateway fares, for /healthz: an operator sees a refusing or unreachable one there. */
export interface SmsHealth extends LastOutcome {
  /** SMPP: whether the session is bound now, or being bound again after a drop. */
  session?: "bound" | "reconnecting";
}

export interface SmsSender {
  kind: "smpp" | "http" | "outbox";
  /** Resolves once the gateway took the message; throws SmsDeliveryError otherwise. */
  send(sms: OutgoingSms): Promise<SmsSent>;
  /** Opens what must stay open to hear receipts (the SMPP session); a failure is retried inside. */
  start?(): void;
  /** Ends the session; no send after this. */
  close(): Promise<void>;
  /** SMPP: whether a session is bound at this moment. */
  bound?(): boolean;
  /** How the last send went (createSmsSender adds it). */
  health?(): SmsHealth;
}

export interface SmsSenderOptions {
  /** Called for every delivery receipt the gateway sends (SMPP deliver_sm). */
  onReceipt?: (receipt: SmsReceipt) => void;
  /** How long a connection, a bind or an answer may take; 10 s. */
  timeoutMs?: number;
  /** Where a dropped SMPP session's reconnects are told of (a warning each). */
  warn?: (message: string) => void;
}

/**
 * The message did not leave. `permanent`: the gateway refused it for a reason a retry cannot
 * change (an invalid number); otherwise it is worth trying again later (down, busy, timed out).
 * The message names the gateway by host, never with its credentials.
 */
export class SmsDeliveryError extends Error {
  override name = "SmsDeliveryError";
  constructor(
    message: string,
    readonly permanent = false,
  ) {
    super(message);
  }
}

/** A slow or silent gateway must not hold a job for minutes. */
export const SMS_TIMEOUT_MS = 10_000;

/** "host:port" of a gateway URL, without the user name or password it may carry. */
export function describeGateway(url: string) {
  try {
    const parsed = new URL(url);
    return parsed.port ? `${parsed.hostname}:${parsed.port}` : parsed.hostname;
  } catch {
    return "(SMS_URL is not a valid URL)";
  }
}

/**
 * The GSM 03.38 alphabet (basic set and the extension table) that SMPP's default coding carries
 * in 7 bits; any other character (Arabic, most emoji) needs UCS-2 (data_coding 8).
 */
const GSM_BASIC =
  "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà";
const GSM_EXTENDED = "\f^{}\\[~]|€";

export function isGsm7(text: string) {
  for (const char of text) {
    if (!GSM_BASIC.includes(char) && !GSM_EXTENDED.includes(char)) return false;
  }
  return true;
}

/**
 * Whether a text fits one SMS: 160 GSM septets (an extension character takes two) or 70 UCS-2
 * units. A longer one goes out whole in SMPP's message_payload, which the SMSC splits.
 */
export function fitsOneSegment(text: string) {
  if (!isGsm7(text)) return text.length <= 70;
  let septets = 0;
  for (const char of text) septets += GSM_EXTENDED.includes(char) ? 2 : 1;
  return septets <= 160;
}
