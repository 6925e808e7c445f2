import type { AddressInfo } from "node:net";
import smpp from "smpp";

/**
 * A real SMPP 3.4 server on loopback (the `smpp` package's own), standing in for a carrier's
 * SMSC in tests: it checks the bind's credentials, keeps every submit_sm it accepts, answers with
 * an id, and then sends the delivery receipt a carrier would (deliver_sm, esm_class 4).
 */
export interface TestSmsc {
  port: number;
  /** Every submit_sm accepted, decoded by the smpp package. */
  submitted: smpp.PDU[];
  binds: { systemId: unknown; accepted: boolean }[];
  /** Drops every session as a network failure would (no unbind). */
  dropSessions(): void;
  close(): Promise<void>;
}

export async function startSmsc({
  systemId = "souqna",
  password = "s3cret",
  port = 0,
  receipt = "DELIVRD",
  refuse,
}: {
  systemId?: string;
  password?: string;
  port?: number;
  /** The receipt's stat; none when undefined is passed as null. */
  receipt?: string | null;
  /** A destination the SMSC refuses, and how. */
  refuse?: { destination: string; status: number };
} = {}): Promise<TestSmsc> {
  const submitted: smpp.PDU[] = [];
  const binds: TestSmsc["binds"] = [];
  const server = smpp.createServer({}, (session) => {
    session.on("error", () => {});
    session.on("bind_transceiver", (pdu: smpp.PDU) => {
      const accepted = pdu.system_id === systemId && pdu.password === password;
      binds.push({ systemId: pdu.system_id, accepted });
      session.send(
        pdu.response(
          accepted ? { system_id: "TestSMSC" } : { command_status: smpp.errors.ESME_RINVPASWD },
        ),
      );
      if (!accepted) session.close();
    });
    session.on("submit_sm", (pdu: smpp.PDU) => {
      if (refuse && pdu.destination_addr === refuse.destination) {
        submitted.push(pdu);
        session.send(pdu.response({ command_status: refuse.status }));
        return;
      }
      submitted.push(pdu);
      const id = `smsc-${submitted.length}`;
      session.send(pdu.response({ message_id: id }));
      if (receipt === null) return;
      setTimeout(() => {
        session.deliver_sm({
          esm_class: 4,
          source_addr: pdu.destination_addr,
          destination_addr: pdu.source_addr,
          short_message: `id:${id} sub:001 dlvr:001 submit date:2611281200 done date:2611281201 stat:${receipt} err:${receipt === "DELIVRD" ? "000" : "001"} text:`,
        });
      }, 20);
    });
    session.on("enquire_link", (pdu: smpp.PDU) => session.send(pdu.response()));
    session.on("unbind", (pdu: smpp.PDU) => {
      session.send(pdu.response());
      session.close();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    submitted,
    binds,
    dropSessions() {
      for (const session of [...server.sessions]) session.destroy();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const session of [...server.sessions]) session.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A loopback port nothing listens on (for now): a gateway that is down. */
export async function freePort() {
  const net = await import("node:net");
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** The text a test SMSC decoded from a submit_sm: short_message or message_payload. */
export function submittedText(pdu: smpp.PDU) {
  const part = (value: unknown) =>
    value && typeof value === "object" && "message" in value
      ? String((value as { message: unknown }).message)
      : "";
  return part(pdu.short_message) || part(pdu.message_payload);
}
