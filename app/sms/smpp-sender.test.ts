import smpp from "smpp";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { freePort, startSmsc, submittedText, type TestSmsc } from "../../tests/setup/smsc";
import { createSmsSender } from "./create-sms-sender.server";
import { fitsOneSegment, isGsm7, SmsDeliveryError, type SmsReceipt } from "./sms-sender";

// SMPP 3.4 against a real SMPP server on loopback (the smpp package's createServer).

const arabic = "رمز التحقق في سوقنا: ٤٨٢٩١٣. لا تشاركه مع أحد.";
const sms = { to: "+963912345678", text: arabic, lang: "ar", purpose: "verify-phone" } as const;

describe("the SMPP sender", () => {
  let smsc: TestSmsc;
  const receipts: SmsReceipt[] = [];
  const open: { close(): Promise<void> }[] = [];
  const sender = (url: string) => {
    const made = createSmsSender(
      { DATA_DIR: "/nonexistent", SMS_URL: url, SMS_FROM: "Souqna" },
      { onReceipt: (receipt) => receipts.push(receipt), timeoutMs: 2000 },
    );
    open.push(made);
    return made;
  };

  beforeAll(async () => {
    smsc = await startSmsc({
      refuse: { destination: "9630", status: smpp.errors.ESME_RINVDSTADR ?? 0x0b },
    });
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((made) => made.close()));
    receipts.length = 0;
    smsc.submitted.length = 0;
    smsc.binds.length = 0;
  });
  afterAll(() => smsc.close());

  it("binds with its credentials and sends Arabic as UCS-2, decoded back exactly, with a receipt", async () => {
    const smppSender = sender(`smpp://souqna:s3cret@127.0.0.1:${smsc.port}?source=Souqna`);
    expect(smppSender.kind).toBe("smpp");
    const { gatewayId } = await smppSender.send(sms);

    expect(smsc.binds).toEqual([{ systemId: "souqna", accepted: true }]);
    expect(smsc.submitted).toHaveLength(1);
    const pdu = smsc.submitted[0]!;
    expect(pdu.data_coding).toBe(8);
    expect(submittedText(pdu)).toBe(arabic);
    expect(pdu.message_payload).toBeUndefined();
    expect(pdu).toMatchObject({
      destination_addr: "963912345678",
      dest_addr_ton: 1,
      dest_addr_npi: 1,
      source_addr: "Souqna",
      source_addr_ton: 5,
      registered_delivery: 1,
    });
    expect(gatewayId).toBe("smsc-1");
    await expect.poll(() => receipts).toEqual([{ gatewayId: "smsc-1", status: "delivered" }]);
  });

  it("keeps one session for many messages, and binds again after the session drops", async () => {
    const smppSender = sender(`smpp://souqna:s3cret@127.0.0.1:${smsc.port}`);
    await smppSender.send(sms);
    await smppSender.send({ ...sms, text: "Your Souqna code: 482913" });
    expect(smsc.binds).toHaveLength(1);

    expect(smppSender.health?.()).toEqual({ status: "up", session: "bound" });

    smsc.dropSessions();
    // /healthz says the session is being bound again, then bound.
    await expect.poll(() => smppSender.health?.().session).toBe("reconnecting");
    // The sender reconnects in the background after a drop; a send meanwhile binds at once.
    await expect.poll(() => smsc.binds.length, { timeout: 5000 }).toBe(2);
    await expect.poll(() => smppSender.health?.().session).toBe("bound");
    await smppSender.send({ ...sms, text: "again" });
    expect(smsc.binds).toHaveLength(2);
    expect(smsc.submitted.map(submittedText)).toEqual([
      arabic,
      "Your Souqna code: 482913",
      "again",
    ]);
    // A GSM-safe text goes in the default alphabet (data_coding 0), not UCS-2.
    expect(smsc.submitted[1]?.data_coding).toBe(0);
  });

  it("sends a text longer than one segment whole in message_payload", async () => {
    const long = `${arabic} ${arabic} ${arabic}`;
    expect(fitsOneSegment(long)).toBe(false);
    await sender(`smpp://souqna:s3cret@127.0.0.1:${smsc.port}`).send({ ...sms, text: long });
    const pdu = smsc.submitted[0]!;
    expect(pdu.data_coding).toBe(8);
    expect((pdu.short_message as { message: string }).message).toBe("");
    expect(submittedText(pdu)).toBe(long);
  });

  it("is refused a bind with a wrong password, and says so without the password", async () => {
    const error = await sender(`smpp://souqna:wrong-pass@127.0.0.1:${smsc.port}`)
      .send(sms)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SmsDeliveryError);
    expect((error as SmsDeliveryError).message).toContain("ESME_RINVPASWD");
    expect((error as SmsDeliveryError).message).not.toContain("wrong-pass");
    // The operator can fix the password: the message waits for it.
    expect((error as SmsDeliveryError).permanent).toBe(false);
    expect(smsc.binds).toEqual([{ systemId: "souqna", accepted: false }]);
    expect(smsc.submitted).toHaveLength(0);
  });

  it("marks an invalid number permanent, and a server that is down worth retrying", async () => {
    const refused = await sender(`smpp://souqna:s3cret@127.0.0.1:${smsc.port}`)
      .send({ ...sms, to: "+9630" })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(SmsDeliveryError);
    expect(refused).toMatchObject({ permanent: true });
    expect((refused as Error).message).toContain("ESME_RINVDSTADR");

    const unreachable = sender(`smpp://souqna:s3cret@127.0.0.1:${await freePort()}`);
    const down = await unreachable.send(sms).catch((e: unknown) => e);
    expect(down).toBeInstanceOf(SmsDeliveryError);
    expect(down).toMatchObject({ permanent: false });
    expect((down as Error).message).toContain("ECONNREFUSED");
    expect((down as Error).message).not.toContain("s3cret");
    // /healthz names the failure, never the password.
    expect(unreachable.health?.()).toMatchObject({ status: "failing", session: "reconnecting" });
    expect(unreachable.health?.().lastError).toContain("ECONNREFUSED");
    expect(JSON.stringify(unreachable.health?.())).not.toContain("s3cret");
  });
});

describe("GSM 03.38", () => {
  it("tells the 7-bit alphabet from what needs UCS-2, and counts segments", () => {
    expect(isGsm7("Your code: 123456 {€}")).toBe(true);
    expect(isGsm7("رمز")).toBe(false);
    expect(isGsm7("١٢٣")).toBe(false);
    expect(isGsm7("code 😀")).toBe(false);
    expect(fitsOneSegment("a".repeat(160))).toBe(true);
    expect(fitsOneSegment("a".repeat(161))).toBe(false);
    expect(fitsOneSegment("€".repeat(80))).toBe(true);
    expect(fitsOneSegment("€".repeat(81))).toBe(false);
    expect(fitsOneSegment("ر".repeat(70))).toBe(true);
    expect(fitsOneSegment("ر".repeat(71))).toBe(false);
  });
});
