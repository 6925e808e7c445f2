#!/usr/bin/env -S npx tsx
// Live messages across instances: starts two app instances (the built app) on one fresh
// PostgreSQL database, opens the seller's event stream on instance B (and, for comparison, on A),
// sends N messages (default 100) one after another through instance A as 20 buyers, and prints the
// send → arrival latency (median, p95, min, max): from just before the POST leaves to the event
// being read off the stream. Needs `npm run build` first.
// Usage: npx tsx bench/message-latency.ts [--postgres postgres://…/postgres] [--messages N] [--keep]
// Not a test: figures depend on the machine.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { openPostgres } from "../app/db/client.server";
import { type OpenStream, openEventStream } from "../tests/setup/event-stream";
import { withDatabase } from "../tests/setup/global-setup";
import {
  type HttpMember,
  postForm,
  postListingOverHttp,
  signUpOverHttp,
} from "../tests/setup/http-members";
import { type RunningServer, startServer } from "../tests/setup/server-process";

function option(name: string, fallback: string) {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? (process.argv[at + 1] ?? fallback) : fallback;
}

const serverUrl = option("postgres", "postgres://postgres@127.0.0.1:5432/postgres");
const total = Number(option("messages", "100"));
const keep = process.argv.includes("--keep");
// Round-robin over enough buyers that none meets the sending limits (8 per 10 s, 20 a minute).
const BUYERS = 20;
const GAP_MS = 40;

function percentile(sorted: number[], p: number) {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? Number.NaN;
}

function summary(label: string, values: number[]) {
  const sorted = [...values].sort((x, y) => x - y);
  const f = (n: number) => `${n.toFixed(1)} ms`;
  console.log(
    `${label.padEnd(34)} n=${String(sorted.length).padStart(3)}  median ${f(percentile(sorted, 50))}  p95 ${f(
      percentile(sorted, 95),
    )}  min ${f(sorted[0] ?? Number.NaN)}  max ${f(sorted[sorted.length - 1] ?? Number.NaN)}`,
  );
}

async function main() {
  const name = `souqna_bench_msg_${process.pid}`;
  const admin = await openPostgres(serverUrl, 1);
  await admin.db.execute(sql.raw(`create database "${name}"`));
  const databaseUrl = withDatabase(serverUrl, name);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "souqna-bench-msg-"));
  const servers: RunningServer[] = [];
  const streams: OpenStream[] = [];
  try {
    const env = (dir: string) => ({
      DATA_DIR: path.join(tmp, dir),
      DATABASE_URL: databaseUrl,
      TRUST_PROXY: "true",
      SIGN_UPS_PER_IP_PER_HOUR: "100000",
    });
    const a = await startServer(env("a"));
    servers.push(a);
    const b = await startServer(env("b"));
    servers.push(b);

    const stamp = Date.now();
    const seller = await signUpOverHttp(a.url, { name: "Seller", email: `s-${stamp}@bench.test` });
    const listingId = await postListingOverHttp(a.url, seller, "Bench listing");
    const buyers: { member: HttpMember; conversationId: string }[] = [];
    for (let i = 0; i < BUYERS; i++) {
      const member = await signUpOverHttp(a.url, {
        name: `Buyer ${i}`,
        email: `b${i}-${stamp}@bench.test`,
      });
      const res = await postForm(a.url, "/messages", member.cookie, {
        intent: "start",
        listingId,
        body: "Hello",
      });
      const conversationId = (res.headers.get("location") ?? "").split("/")[2]?.split("#")[0];
      if (!conversationId) throw new Error(`could not start a conversation (${res.status})`);
      buyers.push({ member, conversationId });
    }
    // Past the sending limits' 10-second windows of the first messages.
    await new Promise((resolve) => setTimeout(resolve, 10_500));

    const onB = await openEventStream(`${b.url}/api/messages/stream`, { cookie: seller.cookie });
    const onA = await openEventStream(`${a.url}/api/messages/stream`, { cookie: seller.cookie });
    streams.push(onA, onB);
    if (onA.status !== 200 || onB.status !== 200) throw new Error("could not open the streams");
    await Promise.all([onA, onB].map((s) => s.next((e) => e.event === "unread")));

    const crossInstance: number[] = [];
    const sameInstance: number[] = [];
    const postMs: number[] = [];
    for (let n = 0; n < total; n++) {
      const buyer = buyers[n % BUYERS];
      if (!buyer) continue;
      const body = `bench message ${n}`;
      const matches = (e: { event: string; data: string }) =>
        e.event === "message" && e.data.includes(`"body":"${body}"`);
      const sent = performance.now();
      // As the browser's composer sends it: the route's data endpoint, no page rendering.
      const res = await postForm(
        a.url,
        `/messages/${buyer.conversationId}.data`,
        buyer.member.cookie,
        {
          intent: "send",
          body,
          via: "fetch",
        },
      );
      postMs.push(performance.now() - sent);
      if (res.status !== 200) throw new Error(`message ${n} refused with ${res.status}`);
      await res.arrayBuffer();
      const [onBEvent, onAEvent] = await Promise.all([onB.next(matches), onA.next(matches)]);
      crossInstance.push(onBEvent.at - sent);
      sameInstance.push(onAEvent.at - sent);
      await new Promise((resolve) => setTimeout(resolve, GAP_MS));
    }

    console.log(
      `\nLive message latency, ${total} messages, PostgreSQL ${serverUrl.replace(/\/\/[^@]*@/, "//")}`,
    );
    summary("send on A → stream on B (LISTEN)", crossInstance);
    summary("send on A → stream on A (in-process)", sameInstance);
    summary("POST round trip on A", postMs);
  } finally {
    for (const stream of streams) stream.close();
    for (const server of servers) await server.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
    if (!keep) await admin.db.execute(sql.raw(`drop database if exists "${name}" with (force)`));
    await admin.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
