/*
 * The parts the load and fault suite breaks on purpose: a PostgreSQL cluster of its own (so it can
 * be restarted without touching the machine's server), an SMTP server that can be told to refuse
 * everything, and a media disk that can be filled.
 */
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { SMTPServer } from "smtp-server";

const PG_BIN = process.env.PG_BIN ?? "/usr/lib/postgresql/15/bin";

/** Runs a PostgreSQL tool as the postgres user when we are root (initdb refuses root). */
function asPostgres(tool: string, args: string[]) {
  const binary = path.join(PG_BIN, tool);
  const root = process.getuid?.() === 0;
  const [command, argv] = root
    ? ["runuser", ["-u", "postgres", "--", binary, ...args]]
    : [binary, args];
  const done = spawnSync(command, argv, { encoding: "utf8" });
  if (done.status !== 0) {
    throw new Error(`${tool} ${args.join(" ")} failed:\n${done.stdout}\n${done.stderr}`);
  }
  return done.stdout;
}

export interface Cluster {
  url: string;
  /** Stops the server (fast shutdown: open connections are cut), waits `downMs`, starts it. */
  restart(downMs: number): Promise<{ downAt: number; upAt: number }>;
  stop(): void;
}

/** A throwaway cluster in `dir` on `port`, with fsync on, as in production. */
export function startCluster(dir: string, port: number): Cluster {
  if (!fs.existsSync(path.join(PG_BIN, "initdb"))) {
    throw new Error(`no PostgreSQL server binaries in ${PG_BIN} (set PG_BIN)`);
  }
  fs.mkdirSync(dir, { recursive: true });
  if (process.getuid?.() === 0) execFileSync("chown", ["-R", "postgres:postgres", dir]);
  const data = path.join(dir, "data");
  asPostgres("initdb", ["-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"]);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200`;
  const start = () =>
    asPostgres("pg_ctl", ["-D", data, "-o", options, "-l", path.join(dir, "log"), "-w", "start"]);
  const stop = () => asPostgres("pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"]);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async restart(downMs) {
      const downAt = Date.now();
      stop();
      await new Promise((resolve) => setTimeout(resolve, downMs));
      start();
      return { downAt, upAt: Date.now() };
    },
    stop() {
      try {
        stop();
      } catch {
        // Already stopped.
      }
    },
  };
}

export interface SmtpSink {
  url: string;
  refusing: boolean;
  accepted: number;
  refused: number;
  close(): Promise<void>;
}

/** An SMTP server that accepts every message, or refuses every recipient while `refusing`. */
export async function startSmtpSink(): Promise<SmtpSink> {
  const sink = { refusing: false, accepted: 0, refused: 0 } as SmtpSink;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (!sink.refusing) return callback();
      sink.refused += 1;
      callback(
        Object.assign(new Error("Mailbox unavailable (load test: refusing)"), {
          responseCode: 550,
        }),
      );
    },
    onData(stream, _session, callback) {
      stream.resume();
      stream.on("end", () => {
        sink.accepted += 1;
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  sink.url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  sink.close = () => new Promise((resolve) => server.close(() => resolve()));
  return sink;
}

export interface MediaDisk {
  /** Whether the media folder is a small disk of its own that can be filled. */
  mounted: boolean;
  fill(): void;
  free(): void;
  unmount(): void;
}

/**
 * Mounts a small tmpfs over `mediaDir` (root only). `fill` writes a filler file until the disk says
 * ENOSPC; `free` deletes it.
 */
export function mountMediaDisk(mediaDir: string, sizeMb: number): MediaDisk {
  fs.mkdirSync(mediaDir, { recursive: true });
  const filler = path.join(mediaDir, ".filler");
  const mount = spawnSync("mount", ["-t", "tmpfs", "-o", `size=${sizeMb}m`, "tmpfs", mediaDir], {
    encoding: "utf8",
  });
  const mounted = mount.status === 0;
  return {
    mounted,
    fill() {
      if (!mounted) return;
      const fd = fs.openSync(filler, "w");
      const chunk = Buffer.alloc(1024 * 1024);
      try {
        for (;;) fs.writeSync(fd, chunk);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "ENOSPC") throw error;
        // The last partial megabyte, so not even a small thumbnail fits.
        const small = Buffer.alloc(4096);
        try {
          for (;;) fs.writeSync(fd, small);
        } catch {
          // Full.
        }
      } finally {
        fs.closeSync(fd);
      }
    },
    free() {
      fs.rmSync(filler, { force: true });
    },
    unmount() {
      if (mounted) spawnSync("umount", ["-l", mediaDir]);
    },
  };
}
