#!/usr/bin/env -S npx tsx
// Load and faults: simulated members (browse, search, post with photos, favourite, message, ask for
// phone numbers, sign up, forget passwords) against two instances of the built app on a PostgreSQL
// cluster of the suite's own, sharing one DATA_DIR, in phases: steady, PostgreSQL restarted in the
// middle, the media disk full, SMTP refusing every message. Prints requests, error rate and
// p50/p99 per action and phase, what /healthz and the logs said during each fault, how long
// recovery took, and every write acknowledged to a member against the rows found afterwards.
// Exits 1 when an acknowledged write is missing, a listing is half-saved, or an instance has not
// recovered by the end of a phase. Needs `npm run build` first, root (for the tmpfs media disk and
// to run PostgreSQL as the postgres user) and the PostgreSQL server binaries (PG_BIN).
//
// By hand:   npx tsx bench/load/load.ts                (100 members, 5 minutes per phase)
// CI smoke:  npx tsx bench/load/load.ts --smoke        (20 members, 20 seconds per phase)
// Options:   --members N  --seconds S  --phases steady,pg-restart,disk-full,smtp-refusing  --keep
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import sharp from "sharp";
import { openEventStream } from "../../tests/setup/event-stream";
import { type RunningServer, startServer } from "../../tests/setup/server-process";
import { mountMediaDisk, startCluster, startSmtpSink } from "./faults";
import {
  ACTIONS,
  listingForm,
  type Member,
  percentile,
  runMembers,
  type Sample,
  signUp,
  type Traffic,
} from "./traffic";

const OPERATOR_TOKEN = "operator-token-for-the-load-run-0123456789";

const PHASES = ["steady", "pg-restart", "disk-full", "smtp-refusing"] as const;
type Phase = (typeof PHASES)[number];

function option(name: string, fallback: string) {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? (process.argv[at + 1] ?? fallback) : fallback;
}
const smoke = process.argv.includes("--smoke");
const memberCount = Number(option("members", smoke ? "20" : "100"));
const phaseSeconds = Number(option("seconds", smoke ? "20" : "300"));
const phases = option("phases", PHASES.join(",")).split(",") as Phase[];
const keep = process.argv.includes("--keep");
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function freePort() {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A photo as a phone takes it: 1600×1200 with texture, about 300 KB of JPEG. */
async function photo(hue: number) {
  const bytes = await sharp({
    create: {
      width: 1600,
      height: 1200,
      channels: 3,
      background: { r: hue, g: 120, b: 200 - hue / 2 },
      noise: { type: "gaussian", mean: 128, sigma: 18 },
    },
  })
    .jpeg({ quality: 82 })
    .toBuffer();
  return new Blob([new Uint8Array(bytes)], { type: "image/jpeg" });
}

interface PhaseReport {
  phase: Phase;
  samples: Sample[];
  startedAt: number;
  endedAt: number;
  notes: string[];
  health: Map<string, number>;
  logErrors: Map<string, number>;
  /** 5xx or network errors in the last quarter of the phase, after every fault has ended. */
  lateFailures: number;
  recovered: boolean;
}

const fmt = (ms: number) =>
  Number.isNaN(ms) ? "—" : ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(2)} s`;

function table(samples: Sample[]) {
  const rows = [
    [
      "action",
      "requests",
      "2xx/3xx",
      "4xx",
      "of which 429",
      "5xx",
      "of which 503",
      "no answer",
      "error rate",
      "p50",
      "p99",
    ],
  ];
  const line = (label: string, of: Sample[]) => {
    const ms = of.map((s) => s.ms).sort((a, b) => a - b);
    const count = (test: (status: number) => boolean) => of.filter((s) => test(s.status)).length;
    const failed = count((s) => s >= 500 || s === 0);
    rows.push([
      label,
      String(of.length),
      String(count((s) => s >= 200 && s < 400)),
      String(count((s) => s >= 400 && s < 500)),
      String(count((s) => s === 429)),
      String(count((s) => s >= 500)),
      String(count((s) => s === 503)),
      String(count((s) => s === 0)),
      of.length ? `${((failed / of.length) * 100).toFixed(2)} %` : "—",
      fmt(percentile(ms, 50)),
      fmt(percentile(ms, 99)),
    ]);
  };
  for (const action of ACTIONS) {
    const of = samples.filter((s) => s.action === action);
    if (of.length) line(action, of);
  }
  line("all", samples);
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
  return rows
    .map((row) =>
      row
        .map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!)))
        .join("  "),
    )
    .join("\n");
}

async function main() {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "souqna-load-"));
  // The postgres user runs the cluster inside it.
  fs.chmodSync(tmp, 0o755);
  const dataDir = path.join(tmp, "data");
  const cleanups: (() => unknown)[] = [];
  const servers: RunningServer[] = [];
  let failed = false;
  let stopping = false;
  try {
    console.log(`▶ PostgreSQL cluster, SMTP sink, media disk (${tmp})`);
    const cluster = startCluster(path.join(tmp, "pg"), await freePort());
    cleanups.push(() => cluster.stop());
    const smtp = await startSmtpSink();
    cleanups.push(() => smtp.close());
    const disk = mountMediaDisk(path.join(dataDir, "media"), 4096);
    cleanups.push(() => disk.unmount());
    if (!disk.mounted && phases.includes("disk-full")) {
      throw new Error(
        "could not mount a tmpfs for the media disk (the disk-full phase needs root)",
      );
    }

    const env = {
      DATABASE_URL: cluster.url,
      DATA_DIR: dataDir,
      SMTP_URL: smtp.url,
      // The load generator plays the load balancer: one trusted hop, every member their address.
      TRUST_PROXY: "1",
      SIGN_UPS_PER_IP_PER_HOUR: "1000",
      // Simulated members post every few seconds, far faster than people: the posting rate would
      // turn most posts into 429s and the run would measure less writing (tests/abuse/23 tests it).
      LISTINGS_PER_MEMBER_PER_HOUR: "100000",
      LISTINGS_PER_MEMBER_PER_DAY: "100000",
      LOG_LEVEL: "info",
      // /healthz says why only to the operator's token.
      METRICS_TOKEN: OPERATOR_TOKEN,
    };
    console.log("▶ two instances (A seeds the demo listings)");
    servers.push(await startServer({ ...env, SEED_DEMO: "true" }, 180_000));
    servers.push(await startServer(env, 60_000));
    const [a, b] = servers as [RunningServer, RunningServer];
    // An instance that dies is a finding in itself: say so, with its last words.
    const deaths: string[] = [];
    servers.forEach((server, i) => {
      server.process.once("exit", (code, signal) => {
        if (stopping) return;
        const name = i ? "B" : "A";
        deaths.push(`${name} exited (${code ?? signal})`);
        const tail = server.output().trim().split("\n").slice(-15).join("\n");
        console.error(`✘ instance ${name} exited (${code ?? signal}) during the run:\n${tail}`);
      });
    });

    const db = new pg.Pool({ connectionString: cluster.url, max: 2 });
    db.on("error", () => {});
    cleanups.push(() => db.end());

    const runId = Date.now().toString(36);
    const traffic: Traffic = {
      urls: [a.url, b.url],
      listingIds: (await db.query("select id from listings where status = 'active'")).rows.map(
        (r) => r.id,
      ),
      photos: [await photo(40), await photo(180)],
      runId,
      samples: [],
      acknowledged: { listings: [], favorites: [], messages: [] },
      unknownWrites: 0,
    };

    console.log(
      `▶ ${memberCount} members sign up (confirmed afterwards, as if they had clicked the link)`,
    );
    const members: Member[] = [];
    for (let i = 0; i < memberCount; i += 10) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(10, memberCount - i) }, async (_, k) => {
          const n = i + k;
          const email = `member-${runId}-${n}@load.test`;
          const ip = `10.${20 + Math.floor(n / 250)}.${n % 250}.7`;
          const cookie = await signUp(traffic, email, ip, n % 2 ? b.url : a.url);
          if (!cookie) throw new Error(`member ${n} could not sign up`);
          return { email, ip, cookie, userId: "", conversations: new Map() } satisfies Member;
        }),
      );
      members.push(...batch);
    }
    const ids = await db.query(
      "update users set email_verified = true where email like $1 returning id, email",
      [`%-${runId}-%@load.test`],
    );
    const idOf = new Map(ids.rows.map((r) => [r.email as string, r.id as string]));
    for (const member of members) member.userId = idOf.get(member.email) ?? "";

    // The live-message probe: a member's own stream on B shows what they send through A (a
    // message goes to every tab of both parties, through PostgreSQL's NOTIFY between instances).
    const prober = members[0]!;
    const probeListing = traffic.listingIds[0]!;
    const started = await fetch(`${a.url}/messages`, {
      method: "POST",
      headers: { cookie: prober.cookie, "x-forwarded-for": prober.ip },
      body: new URLSearchParams({ intent: "start", listingId: probeListing, body: "probe start" }),
      redirect: "manual",
    });
    const probeConversation =
      /^\/messages\/([0-9a-f-]{36})/.exec(started.headers.get("location") ?? "")?.[1] ?? "";
    if (!probeConversation)
      throw new Error(`the probe could not start a conversation (${started.status})`);

    /** Sends through A until B's stream shows the message; answers the time from `since`. */
    async function liveProbe(since: number, giveUpAt: number) {
      while (Date.now() < giveUpAt) {
        const stream = await openEventStream(`${b.url}/api/messages/stream`, {
          cookie: prober.cookie,
          "x-forwarded-for": prober.ip,
        }).catch(() => null);
        if (stream?.status === 200) {
          try {
            await stream.next((e) => e.event === "unread", 3000);
            const body = `probe ${crypto.randomUUID()}`;
            const sent = await fetch(`${a.url}/messages/${probeConversation}.data`, {
              method: "POST",
              headers: { cookie: prober.cookie, "x-forwarded-for": prober.ip },
              body: new URLSearchParams({ intent: "send", body, via: "fetch" }),
            }).catch(() => null);
            if (sent?.status === 200) {
              traffic.acknowledged.messages.push(body);
              await stream.next((e) => e.event === "message" && e.data.includes(body), 3000);
              return Date.now() - since;
            }
          } catch {
            // Not yet.
          } finally {
            stream.close();
          }
        } else {
          stream?.close();
        }
        await sleep(1000);
      }
      return Number.NaN;
    }

    /** Polls one instance's listing page until it answers 200; the time from `since`. */
    async function recovery(base: string, since: number, giveUpAt: number) {
      while (Date.now() < giveUpAt) {
        const res = await fetch(`${base}/listing/${probeListing}`, {
          signal: AbortSignal.timeout(2000),
        }).catch(() => null);
        if (res?.status === 200) return Date.now() - since;
        await sleep(200);
      }
      return Number.NaN;
    }

    const reports: PhaseReport[] = [];
    for (const phase of phases) {
      console.log(`▶ phase ${phase}: ${memberCount} members for ${phaseSeconds} s`);
      const startedAt = Date.now();
      const endsAt = startedAt + phaseSeconds * 1000;
      const report: PhaseReport = {
        phase,
        samples: [],
        startedAt,
        endedAt: endsAt,
        notes: [],
        health: new Map(),
        logErrors: new Map(),
        lateFailures: 0,
        recovered: true,
      };
      let faultEndedAt = 0;
      const logStart = servers.map((s) => s.output().length);
      const before = traffic.samples.length;
      let sampling = true;
      const healthSampler = (async () => {
        while (sampling) {
          for (const [name, server] of [
            ["A", a],
            ["B", b],
          ] as const) {
            const res = await fetch(`${server.url}/healthz`, {
              headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
              signal: AbortSignal.timeout(3000),
            }).catch(() => null);
            const body = (await res?.json().catch(() => null)) as {
              status?: string;
              [part: string]: unknown;
            } | null;
            const parts = [res ? `${res.status} ${body?.status ?? "?"}` : "no answer"];
            for (const [part, detail] of Object.entries(body ?? {}) as [
              string,
              { status?: string },
            ][]) {
              if (detail?.status && detail.status !== "up") parts.push(`${part} ${detail.status}`);
            }
            const key = `${name}: ${parts.join(", ")}`;
            report.health.set(key, (report.health.get(key) ?? 0) + 1);
          }
          await sleep(1000);
        }
      })();

      const load = runMembers(traffic, members, endsAt);
      const at = (fraction: number) =>
        sleep(Math.max(0, startedAt + phaseSeconds * 1000 * fraction - Date.now()));
      if (phase === "pg-restart") {
        const before = await liveProbe(Date.now(), endsAt);
        await at(0.3);
        const downMs = smoke ? 3000 : 5000;
        const { downAt, upAt } = await cluster.restart(downMs);
        const [ra, rb] = await Promise.all([
          recovery(a.url, upAt, endsAt),
          recovery(b.url, upAt, endsAt),
        ]);
        const live = await liveProbe(upAt, endsAt);
        report.notes.push(
          `PostgreSQL stopped (fast) for ${fmt(upAt - downAt)}; once it was back, A answered after ${fmt(ra)} and B after ${fmt(rb)}; a message sent through A reached a stream on B after ${fmt(live)} (before the restart: ${fmt(before)} from sending)`,
        );
        if ([ra, rb, live].some(Number.isNaN)) report.recovered = false;
      } else if (phase === "disk-full") {
        await at(0.25);
        const filledAt = Date.now();
        disk.fill();
        await at(0.6);
        disk.free();
        const freedAt = Date.now();
        faultEndedAt = freedAt;
        const posts = traffic.samples.filter(
          (s) => s.action === "post" && s.at > filledAt && s.at <= freedAt,
        );
        report.notes.push(
          `media disk full for ${fmt(freedAt - filledAt)}: ${posts.length} posts answered ${[...new Set(posts.map((s) => s.status))].join("/") || "—"}`,
        );
        // At least 10 s to recover: on a busy machine filling the disk can take most of a short
        // (smoke) phase, and the recovery post would then never be tried.
        const giveUp = Math.max(startedAt + phaseSeconds * 1000 * 0.75, Date.now() + 10_000);
        const since = Date.now();
        const prober2 = members[1]!;
        let posted = Number.NaN;
        while (Date.now() < giveUp) {
          const body = listingForm(`Load test recovery ${runId}`, traffic.photos.slice(0, 1));
          const res = await fetch(`${a.url}/post-ad`, {
            method: "POST",
            headers: { cookie: prober2.cookie, "x-forwarded-for": prober2.ip },
            body,
            redirect: "manual",
          }).catch(() => null);
          const id = /^\/listing\/([0-9a-f-]{36})$/.exec(res?.headers.get("location") ?? "")?.[1];
          if (res?.status === 302 && id) {
            traffic.acknowledged.listings.push({ id, images: 1 });
            posted = Date.now() - since;
            break;
          }
          await sleep(500);
        }
        report.notes.push(
          `after the disk had room again, a post with a photo went through in ${fmt(posted)}`,
        );
        if (Number.isNaN(posted)) report.recovered = false;
      } else if (phase === "smtp-refusing") {
        smtp.refusing = true;
        const refusedBefore = smtp.refused;
        await load;
        smtp.refusing = false;
        const signUps = traffic.samples
          .slice(before)
          .filter((s) => s.action === "sign-up" || s.action === "forgot");
        report.notes.push(
          `SMTP refused ${smtp.refused - refusedBefore} messages; sign-ups and password resets meanwhile answered ${
            [...new Set(signUps.map((s) => s.status))].join("/") || "—"
          }`,
        );
      }
      await load;
      sampling = false;
      await healthSampler;
      report.samples = traffic.samples.slice(before);
      // Requests sent in the last quarter, or after the fault ended when a slow machine made it
      // run later. By when they were sent, not answered: a post sent while the disk was full can
      // answer its 503 seconds after the disk has room again, and that failure is the fault's.
      const lateFrom = Math.max(startedAt + phaseSeconds * 1000 * 0.75, faultEndedAt);
      report.lateFailures = report.samples.filter(
        (s) => s.sentAt >= lateFrom && (s.status >= 500 || s.status === 0),
      ).length;
      servers.forEach((server, i) => {
        for (const line of server.output().slice(logStart[i]).split("\n")) {
          const entry = (() => {
            try {
              return JSON.parse(line) as { level?: number; msg?: string };
            } catch {
              return null;
            }
          })();
          if (entry && (entry.level ?? 0) >= 50) {
            const key = `${i ? "B" : "A"}: ${entry.msg ?? "?"}`;
            report.logErrors.set(key, (report.logErrors.get(key) ?? 0) + 1);
          }
        }
      });
      reports.push(report);
    }

    // What was promised against what is there.
    await sleep(500);
    const ackListings = traffic.acknowledged.listings;
    const rows = ackListings.length
      ? (
          await db.query(
            `select l.id, count(i.id)::int as images, coalesce(jsonb_agg(i.variants) filter (where i.id is not null), '[]') as variants
               from listings l left join listing_images i on i.listing_id = l.id
              where l.id = any($1::uuid[]) group by l.id`,
            [ackListings.map((l) => l.id)],
          )
        ).rows
      : [];
    const found = new Map(rows.map((r) => [r.id as string, r]));
    const missingListings = ackListings.filter((l) => !found.has(l.id)).length;
    let missingFiles = 0;
    for (const row of rows) {
      for (const variants of row.variants as { key: string }[][]) {
        for (const variant of variants) {
          if (!fs.existsSync(path.join(dataDir, "media", variant.key))) missingFiles += 1;
        }
      }
    }
    // Every load-test listing (acknowledged or not) must have all its photos: nothing half-saved.
    // Members post two; the disk-full phase's recovery post one.
    const loadListings = (
      await db.query(
        `select l.id, l.title, count(i.id)::int as images from listings l
           left join listing_images i on i.listing_id = l.id
          where l.title like $1 group by l.id`,
        [`Load test % ${runId}%`],
      )
    ).rows;
    const halfSaved = loadListings.filter(
      (l) =>
        l.images !== (String(l.title).startsWith("Load test recovery") ? 1 : traffic.photos.length),
    ).length;
    // Photos written for a listing that was never saved (a failed post must delete its files).
    const everyListing = new Set(
      (await db.query("select id from listings")).rows.map((r) => r.id as string),
    );
    const listingsDir = path.join(dataDir, "media", "listings");
    const orphanFolders = fs.existsSync(listingsDir)
      ? fs
          .readdirSync(listingsDir)
          .filter(
            (id) => !everyListing.has(id) && fs.readdirSync(path.join(listingsDir, id)).length > 0,
          )
      : [];
    const favoriteRows = (
      await db.query(
        "select user_id, listing_id from favorites f join users u on u.id = f.user_id where u.email like $1",
        [`%-${runId}-%@load.test`],
      )
    ).rows;
    const favoriteSet = new Set(favoriteRows.map((r) => `${r.user_id}|${r.listing_id}`));
    const missingFavorites = traffic.acknowledged.favorites.filter(
      (f) => !favoriteSet.has(`${f.userId}|${f.listingId}`),
    ).length;
    const messageRows = new Set(
      (
        await db.query("select body from messages where body like $1 or body like 'probe %'", [
          `load ${runId} %`,
        ])
      ).rows.map((r) => r.body as string),
    );
    const missingMessages = traffic.acknowledged.messages.filter((m) => !messageRows.has(m)).length;

    console.log(
      `\n# Souqna under load and faults — ${memberCount} members, ${phaseSeconds} s a phase, 2 instances, PostgreSQL ${(await db.query("show server_version")).rows[0].server_version}, ${os.cpus().length} cores`,
    );
    for (const report of reports) {
      const seconds = (report.endedAt - report.startedAt) / 1000;
      console.log(
        `\n## ${report.phase} (${report.samples.length} requests, ${(report.samples.length / seconds).toFixed(1)} a second)`,
      );
      console.log(table(report.samples));
      for (const note of report.notes) console.log(`- ${note}`);
      console.log(
        `- /healthz seen (samples): ${[...report.health].map(([k, n]) => `${k} ×${n}`).join("; ")}`,
      );
      console.log(
        `- errors logged: ${report.logErrors.size ? [...report.logErrors].map(([k, n]) => `${k} ×${n}`).join("; ") : "none"}`,
      );
      console.log(`- 5xx or no answer in the last quarter of the phase: ${report.lateFailures}`);
      if (!report.recovered || report.lateFailures > 0) failed = true;
    }
    if (deaths.length > 0) {
      console.log(`\n## Instances that died: ${deaths.join("; ")}`);
      failed = true;
    }
    console.log("\n## Writes");
    console.log(
      `- listings acknowledged ${ackListings.length}, found ${ackListings.length - missingListings}, missing ${missingListings}; photo files missing ${missingFiles}`,
    );
    console.log(
      `- load-test listings in the database ${loadListings.length}, half-saved (no photos) ${halfSaved}; photo folders without a listing ${orphanFolders.length}`,
    );
    console.log(
      `- favourites acknowledged ${traffic.acknowledged.favorites.length}, missing ${missingFavorites}`,
    );
    console.log(
      `- messages acknowledged ${traffic.acknowledged.messages.length}, missing ${missingMessages}`,
    );
    console.log(
      `- writes whose answer never came (outcome unknown to the member) ${traffic.unknownWrites}`,
    );
    console.log(`- mail: SMTP accepted ${smtp.accepted}, refused ${smtp.refused}`);
    if (
      missingListings +
        missingFiles +
        halfSaved +
        missingFavorites +
        missingMessages +
        orphanFolders.length >
      0
    ) {
      failed = true;
    }
    console.log(
      failed
        ? "\n✘ load and faults: see above"
        : "\n✔ load and faults: nothing lost, nothing half-saved, every fault recovered",
    );
  } finally {
    stopping = true;
    for (const server of servers) await server.stop().catch(() => {});
    for (const cleanup of cleanups.reverse()) {
      try {
        await cleanup();
      } catch {
        // Best effort.
      }
    }
    if (!keep) fs.rmSync(tmp, { recursive: true, force: true });
  }
  process.exit(failed ? 1 : 0);
}

await main();
