import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export class StartupError extends Error {
  override name = "StartupError";
}

/** Creates $DATA_DIR if missing and proves it is writable, with a one-line reason if not. */
export function prepareDataDir(dataDir: string) {
  try {
    fs.mkdirSync(dataDir, { recursive: true });
    const probe = path.join(dataDir, `.write-test-${process.pid}`);
    fs.writeFileSync(probe, "ok");
    fs.rmSync(probe);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? "error";
    throw new StartupError(
      `DATA_DIR ${dataDir} is not writable (${code}); choose another DATA_DIR or fix its permissions`,
    );
  }
}

interface LockOwner {
  pid: number;
  hostname: string;
  startedAt: string;
}

/**
 * An exclusive lock on the data directory: PGlite is one connection in one process, and a second
 * server on the same files would corrupt them. A lock left by a crashed process (its pid is gone
 * on this host) is taken over.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  const lockPath = path.join(dataDir, "souqna.lock");
  const me: LockOwner = {
    pid: process.pid,
    hostname: os.hostname(),
    startedAt: new Date().toISOString(),
  };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, JSON.stringify(me), { flag: "wx" });
      let released = false;
      return () => {
        if (released) return;
        released = true;
        try {
          const owner = JSON.parse(fs.readFileSync(lockPath, "utf8")) as LockOwner;
          if (owner.pid === me.pid && owner.hostname === me.hostname) fs.rmSync(lockPath);
        } catch {
          // Already gone: nothing to release.
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = readOwner(lockPath);
      if (owner && isAlive(owner)) {
        throw new StartupError(
          `DATA_DIR ${dataDir} is in use by another Souqna server (pid ${owner.pid} on ${owner.hostname}); stop it or use another DATA_DIR`,
        );
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new StartupError(`Could not lock DATA_DIR ${dataDir}; another server may be starting`);
}

function readOwner(lockPath: string): LockOwner | undefined {
  try {
    return JSON.parse(fs.readFileSync(lockPath, "utf8")) as LockOwner;
  } catch {
    return undefined;
  }
}

function isAlive(owner: LockOwner) {
  // A lock from another host cannot be checked; treat it as held rather than risk corruption.
  if (owner.hostname !== os.hostname()) return true;
  try {
    process.kill(owner.pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
