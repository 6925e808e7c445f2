import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { freePort } from "../../tests/setup/smsc";
import { createSmsSender } from "./create-sms-sender.server";
import { fillBody } from "./http-sender.server";
import { SmsDeliveryError } from "./sms-sender";

// An HTTP SMS gateway: a real node:http server on loopback that records each request and answers
// with the status the test chose.

const text = 'رمز "سوقنا": ٤٨٢٩١٣\nلا تشاركه & لا تنسه';
const sms = { to: "+963912345678", text, lang: "ar", purpose: "verify-phone" } as const;

describe("the HTTP gateway sender", () => {
  const requests: { method?: string; headers: http.IncomingHttpHeaders; body: string }[] = [];
  let answers: { status: number; body?: string }[] = [];
  let server: http.Server;
  let base: string;

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        requests.push({
          method: request.method,
          headers: request.headers,
          body: Buffer.concat(chunks).toString("utf8"),
        });
        const answer = answers.shift() ?? { status: 200 };
        response.writeHead(answer.status, { "content-type": "application/json" });
        response.end(answer.body ?? "{}");
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  beforeEach(() => {
    requests.length = 0;
    answers = [];
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("posts the configured JSON body, escaped, with Basic authentication from the URL", async () => {
    answers = [{ status: 202, body: '{"message_id":"gw-77"}' }];
    const sender = createSmsSender({
      DATA_DIR: "/nonexistent",
      SMS_URL: `http://api-user:p%40ss@${base}/send?channel=otp`,
      SMS_FROM: "Souqna",
      SMS_HTTP_BODY: '{"msisdn":"{msisdn}","message":"{text}","sender":"{from}","unicode":true}',
    });
    expect(sender.kind).toBe("http");
    expect(await sender.send(sms)).toEqual({ gatewayId: "gw-77" });

    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request?.method).toBe("POST");
    expect(request?.headers["content-type"]).toBe("application/json");
    expect(request?.headers.authorization).toBe(
      `Basic ${Buffer.from("api-user:p@ss").toString("base64")}`,
    );
    expect(JSON.parse(request?.body ?? "")).toEqual({
      msisdn: "963912345678",
      message: text,
      sender: "Souqna",
      unicode: true,
    });
  });

  it("form-encodes a body that is not JSON", async () => {
    const sender = createSmsSender({
      DATA_DIR: "/nonexistent",
      SMS_URL: `http://${base}/sms`,
      SMS_FROM: "Souqna",
      SMS_HTTP_BODY: "to={to}&text={text}&from={from}",
    });
    expect(await sender.send(sms)).toEqual({ gatewayId: undefined });
    expect(requests[0]?.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    expect(requests[0]?.headers.authorization).toBeUndefined();
    expect(Object.fromEntries(new URLSearchParams(requests[0]?.body))).toEqual({
      to: "+963912345678",
      text,
      from: "Souqna",
    });
  });

  it("retries what a retry may change (5xx, 429, down) and not a refusal (400)", async () => {
    const sender = createSmsSender({
      DATA_DIR: "/nonexistent",
      SMS_URL: `http://user:hidden@${base}/sms`,
      SMS_HTTP_BODY: '{"to":"{to}","text":"{text}"}',
    });
    for (const [status, permanent] of [
      [500, false],
      [503, false],
      [429, false],
      [400, true],
      [404, true],
    ] as const) {
      answers = [{ status }];
      const error = await sender.send(sms).catch((e: unknown) => e);
      expect(error, String(status)).toBeInstanceOf(SmsDeliveryError);
      expect(error).toMatchObject({ permanent });
      expect((error as Error).message).toContain(String(status));
      expect((error as Error).message).not.toContain("hidden");
    }

    const down = createSmsSender({
      DATA_DIR: "/nonexistent",
      SMS_URL: `http://user:hidden@127.0.0.1:${await freePort()}/sms`,
      SMS_HTTP_BODY: "{}",
    });
    const error = await down.send(sms).catch((e: unknown) => e);
    expect(error).toMatchObject({ permanent: false });
    expect((error as Error).message).toContain("ECONNREFUSED");
    expect((error as Error).message).not.toContain("hidden");
  });

  it("fills only its own placeholders, never a placeholder inside a value", () => {
    const body = fillBody(
      '{"t":"{text}","x":"{other}"}',
      { to: "+1", text: "{to} \\ \u2028" },
      "S",
    );
    expect(JSON.parse(body)).toEqual({ t: "{to} \\ \u2028", x: "{other}" });
  });
});
