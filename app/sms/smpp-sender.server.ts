import smpp from "smpp";
import {
  describeGateway,
  fitsOneSegment,
  isGsm7,
  type OutgoingSms,
  SMS_TIMEOUT_MS,
  SmsDeliveryError,
  type SmsReceipt,
  type SmsSender,
  type SmsSenderOptions,
} from "./sms-sender";

export interface SmppConfig {
  host: string;
  port: number;
  systemId: string;
  password: string;
  /** Alphanumeric ("Souqna") or a number; the carrier may insist on what it registered. */
  source: string;
  systemType: string;
}

/** `smpp://user:password@host:2775?source=Souqna&system_type=…`; the source defaults to SMS_FROM. */
export function parseSmppUrl(url: string, fallbackSource: string): SmppConfig {
  const parsed = new URL(url);
  return {
    host: parsed.hostname,
    port: Number(parsed.port || 2775),
    systemId: decodeURIComponent(parsed.username),
    password: decodeURIComponent(parsed.password),
    source: parsed.searchParams.get("source") || fallbackSource,
    systemType: parsed.searchParams.get("system_type") ?? "",
  };
}

/**
 * Refusals of a message that no retry can change: the number, the sender or the text is wrong.
 * Everything else (throttled, queue full, system error, a refused bind the operator can fix) is
 * tried again.
 */
const PERMANENT_STATUSES = new Set(
  [
    "ESME_RINVMSGLEN",
    "ESME_RINVSRCADR",
    "ESME_RINVDSTADR",
    "ESME_RINVSRCTON",
    "ESME_RINVSRCNPI",
    "ESME_RINVDSTTON",
    "ESME_RINVDSTNPI",
    "ESME_RINVDCS",
  ].map((name) => smpp.errors[name]),
);

const STATUS_NAMES = new Map(Object.entries(smpp.errors).map(([name, code]) => [code, name]));

function statusName(status: number) {
  return STATUS_NAMES.get(status) ?? `0x${status.toString(16).padStart(8, "0")}`;
}

/** SMPP esm_class bits 2–5 = 0001: this deliver_sm is a delivery receipt. */
const DELIVERY_RECEIPT = 0x04;
/** registered_delivery 1: a receipt on final success or failure. */
const RECEIPT_ON_FINAL_OUTCOME = 1;
/** An enquire_link this often keeps NAT and the SMSC from dropping an idle session. */
const ENQUIRE_LINK_MS = 30_000;
const RECONNECT_MAX_MS = 60_000;

/**
 * SMPP 3.4 (the `smpp` package): one transceiver session, bound on first use (or start()) and
 * kept, so submit_sm goes out without a bind each time and delivery receipts (deliver_sm) come
 * back on it. A dropped session is bound again in the background, waiting 1 s, 2 s, … up to 60 s;
 * a send while it is down binds at once or fails (the job retries it). The socket and timers never
 * keep the process alive.
 */
export function smppSender(
  url: string,
  fallbackSource: string,
  { onReceipt, timeoutMs = SMS_TIMEOUT_MS, warn = () => {} }: SmsSenderOptions = {},
): SmsSender {
  const config = parseSmppUrl(url, fallbackSource);
  const where = describeGateway(url);
  let bound: smpp.Session | undefined;
  let binding: Promise<smpp.Session> | undefined;
  let closed = false;
  let reconnectTimer: NodeJS.Timeout | undefined;
  let reconnectDelay = 1000;
  /** Sends waiting for their submit_sm_resp on the current session: failed if it drops. */
  const waiting = new Set<(error: SmsDeliveryError) => void>();

  function scheduleReconnect() {
    if (closed || reconnectTimer) return;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = undefined;
      bind().catch((error: Error) => {
        warn(`${error.message}; trying again in ${Math.round(reconnectDelay / 1000)} s`);
        scheduleReconnect();
      });
    }, reconnectDelay);
    reconnectTimer.unref();
    reconnectDelay = Math.min(reconnectDelay * 2, RECONNECT_MAX_MS);
  }

  function bind(): Promise<smpp.Session> {
    if (closed) return Promise.reject(new SmsDeliveryError("The SMS sender is closed"));
    if (bound) return Promise.resolve(bound);
    binding ??= new Promise<smpp.Session>((resolve, reject) => {
      const session = smpp.connect({ host: config.host, port: config.port });
      session.socket.unref();
      let settled = false;
      let keepAlive: NodeJS.Timeout | undefined;
      const fail = (error: SmsDeliveryError) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        session.destroy();
        reject(error);
      };
      const timer = setTimeout(
        () =>
          fail(new SmsDeliveryError(`SMPP server ${where} did not bind within ${timeoutMs} ms`)),
        timeoutMs,
      );
      session.on("error", (error: NodeJS.ErrnoException) => {
        fail(
          new SmsDeliveryError(`Could not reach SMPP server ${where} (${error.code ?? "error"})`),
        );
      });
      session.on("close", () => {
        clearInterval(keepAlive);
        fail(new SmsDeliveryError(`SMPP server ${where} closed the connection`));
        if (bound !== session) return;
        bound = undefined;
        for (const abort of waiting)
          abort(new SmsDeliveryError(`SMPP session to ${where} dropped`));
        waiting.clear();
        scheduleReconnect();
      });
      session.on("connect", () => {
        session.bind_transceiver(
          {
            system_id: config.systemId,
            password: config.password,
            system_type: config.systemType,
          },
          (pdu) => {
            if (pdu.command_status !== smpp.ESME_ROK) {
              fail(
                new SmsDeliveryError(
                  `SMPP server ${where} refused the bind (${statusName(pdu.command_status)})`,
                ),
              );
              return;
            }
            settled = true;
            clearTimeout(timer);
            bound = session;
            reconnectDelay = 1000;
            keepAlive = setInterval(() => session.enquire_link(), ENQUIRE_LINK_MS);
            keepAlive.unref();
            resolve(session);
          },
        );
      });
      session.on("deliver_sm", (pdu: smpp.PDU) => {
        session.send(pdu.response());
        const receipt = receiptOf(pdu);
        if (receipt) onReceipt?.(receipt);
      });
      session.on("enquire_link", (pdu: smpp.PDU) => session.send(pdu.response()));
      session.on("unbind", (pdu: smpp.PDU) => {
        session.send(pdu.response());
        session.close();
      });
    }).finally(() => {
      binding = undefined;
    });
    return binding;
  }

  return {
    kind: "smpp",
    bound: () => bound !== undefined,
    start() {
      bind().catch((error: Error) => {
        warn(`${error.message}; trying again in ${Math.round(reconnectDelay / 1000)} s`);
        scheduleReconnect();
      });
    },
    async send(sms) {
      const session = await bind();
      return new Promise((resolve, reject) => {
        const abort = (error: SmsDeliveryError) => {
          clearTimeout(timer);
          waiting.delete(abort);
          reject(error);
        };
        const timer = setTimeout(
          () => abort(new SmsDeliveryError(`SMPP server ${where} did not answer submit_sm`)),
          timeoutMs,
        );
        waiting.add(abort);
        const written = session.submit_sm(submitFields(sms, config.source), (pdu) => {
          clearTimeout(timer);
          waiting.delete(abort);
          if (pdu.command_status === smpp.ESME_ROK) {
            resolve({ gatewayId: String(pdu.message_id ?? "") || undefined });
          } else {
            const status = pdu.command_status;
            reject(
              new SmsDeliveryError(
                `SMPP server ${where} refused the message (${statusName(status)})`,
                PERMANENT_STATUSES.has(status),
              ),
            );
          }
        });
        if (!written) abort(new SmsDeliveryError(`SMPP session to ${where} is not writable`));
      });
    },
    async close() {
      closed = true;
      clearTimeout(reconnectTimer);
      const session = bound ?? (await binding?.catch(() => undefined));
      if (!session) return;
      await new Promise<void>((resolve) => {
        const done = setTimeout(() => session.destroy(() => resolve()), 1000);
        done.unref();
        session.unbind({}, () => {
          clearTimeout(done);
          session.close(() => resolve());
        });
      });
    },
  };
}

/**
 * One submit_sm: GSM 7-bit (data_coding 0) when every character is in the GSM alphabet, UCS-2
 * (data_coding 8, which the smpp package writes as UTF-16BE) otherwise, Arabic always. A text
 * longer than one segment goes whole in message_payload and the SMSC splits it: no UDH to build.
 */
export function submitFields(sms: Pick<OutgoingSms, "to" | "text">, source: string) {
  const numericSource = /^\+?\d+$/.test(source);
  const message = { message: sms.text };
  return {
    source_addr_ton: numericSource ? 1 : 5,
    source_addr_npi: numericSource ? 1 : 0,
    source_addr: source.replace(/^\+/, ""),
    dest_addr_ton: 1,
    dest_addr_npi: 1,
    destination_addr: sms.to.replace(/^\+/, ""),
    data_coding: isGsm7(sms.text) ? 0 : 8,
    registered_delivery: RECEIPT_ON_FINAL_OUTCOME,
    ...(fitsOneSegment(sms.text)
      ? { short_message: message }
      : { short_message: "", message_payload: message }),
  };
}

/** SMPP 3.4 appendix B's receipt text ("id:… stat:DELIVRD err:000 …") or its TLVs. */
const FINAL_STATES: Record<string, SmsReceipt["status"]> = {
  DELIVRD: "delivered",
  UNDELIV: "failed",
  REJECTD: "failed",
  EXPIRED: "failed",
  DELETED: "failed",
};
/** message_state TLV values (SMPP 3.4 §5.3.2.35) for the same states. */
const MESSAGE_STATES: Record<number, string> = {
  2: "DELIVRD",
  3: "EXPIRED",
  4: "DELETED",
  5: "UNDELIV",
  8: "REJECTD",
};

export function receiptOf(pdu: smpp.PDU): SmsReceipt | undefined {
  if ((Number(pdu.esm_class) & 0x3c) !== DELIVERY_RECEIPT) return undefined;
  const text = messageText(pdu.short_message) || messageText(pdu.message_payload);
  const gatewayId =
    (typeof pdu.receipted_message_id === "string" && pdu.receipted_message_id) ||
    /\bid:(\S+)/i.exec(text)?.[1];
  const state =
    /\bstat:(\w+)/i.exec(text)?.[1]?.toUpperCase() ??
    MESSAGE_STATES[Number(pdu.message_state)] ??
    "";
  const status = FINAL_STATES[state];
  if (!gatewayId || !status) return undefined;
  const err = /\berr:(\w+)/i.exec(text)?.[1];
  return status === "failed"
    ? { gatewayId, status, error: err ? `${state} err:${err}` : state }
    : { gatewayId, status };
}

function messageText(value: unknown): string {
  if (typeof value === "string") return value;
  if (value && typeof value === "object" && "message" in value) {
    const message = (value as { message: unknown }).message;
    return typeof message === "string"
      ? message
      : Buffer.isBuffer(message)
        ? message.toString()
        : "";
  }
  return "";
}
