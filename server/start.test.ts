import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startServer } from "../tests/setup/server-process";

/*
 * `npm start` runs the built server on plain node (decision 018): no TypeScript compiler at run
 * time, and the app's modules loaded once, inside the one bundle.
 */
const root = path.resolve(import.meta.dirname, "..");
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "souqna-start-"));

afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

function commandLine(pid: number) {
  return fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").filter(Boolean);
}

/** Every JavaScript file under a folder, with its text. */
function builtFiles(dir: string): [string, string][] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".js"))
    .map((file) => [file, fs.readFileSync(path.join(dir, file), "utf8")]);
}

/** A copy of the launcher alone, in a folder with no build (and no sources) beside it. */
function launcherWithoutBuild(name: string) {
  const dir = path.join(tmp, name);
  fs.mkdirSync(path.join(dir, "scripts"), { recursive: true });
  for (const file of ["start.mjs", "cli.mjs", "build-layout.mjs"])
    fs.copyFileSync(path.join(root, "scripts", file), path.join(dir, "scripts", file));
  return dir;
}

describe("npm start", () => {
  it("serves from the build on plain node: no tsx, no loader", async () => {
    const server = await startServer(
      { DATA_DIR: path.join(tmp, "data"), DATABASE_URL: "" },
      110_000,
    );
    try {
      const pid = server.process.pid as number;
      const argv = commandLine(pid);
      expect(argv.slice(1)).toEqual([path.join(root, "scripts/start.mjs")]);
      expect(argv.join(" ")).not.toMatch(/tsx|--import|--loader|--require/);
      const environ = fs.readFileSync(`/proc/${pid}/environ`, "utf8").split("\0");
      expect(environ.find((entry) => entry.startsWith("NODE_OPTIONS="))).toBeUndefined();
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
      expect((await fetch(`${server.url}/about`)).status).toBe(200);
    } finally {
      expect((await server.stop()).code).toBe(0);
    }
  }, 120_000);

  it("fails in one line, exit 1, when NODE_ENV=production and there is no build", () => {
    const dir = launcherWithoutBuild("no-build");
    const result = spawnSync(process.execPath, [path.join(dir, "scripts/start.mjs")], {
      env: { PATH: process.env.PATH, NODE_ENV: "production" },
      encoding: "utf8",
    });
    expect(result.status).toBe(1);
    expect(result.stdout).toBe("");
    expect(result.stderr).toBe("souqna: no build found in build/; run `npm run build` first\n");
    // Nothing was built in its place.
    expect(fs.existsSync(path.join(dir, "build"))).toBe(false);
  });

  it("fails the same way for a command", () => {
    const dir = launcherWithoutBuild("no-build-cli");
    const result = spawnSync(process.execPath, [path.join(dir, "scripts/cli.mjs"), "db:migrate"], {
      env: { PATH: process.env.PATH, NODE_ENV: "production" },
      encoding: "utf8",
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toBe("db:migrate: no build found in build/; run `npm run build` first\n");
  });
});

describe("the build (after the server test above built it if it had to)", () => {
  const serverDir = path.join(root, "build/server");

  it("holds the whole server, with nothing left to compile", () => {
    const entry = fs.readFileSync(path.join(serverDir, "index.js"), "utf8");
    expect(entry).toContain("Souqna is running at");
    for (const [file, text] of [
      ...builtFiles(serverDir),
      ...builtFiles(path.join(root, "build/cli")),
    ]) {
      // Imports are packages, node: modules or files of the build itself; never a source file.
      const imports = [...text.matchAll(/(?:from|import)\s*\(?\s*"([^"]+)"/g)].map((m) => m[1]!);
      expect(
        imports.filter((spec) => /\.tsx?$|^tsx(\/|$)|\.\.\/\.\.\//.test(spec)),
        file,
      ).toEqual([]);
    }
  });

  it("defines each of the app's modules once: the routes share the server's AppError", () => {
    const definitions = builtFiles(serverDir).filter(([, text]) =>
      /\bclass AppError\b|\bAppError(\$\d+)? = class\b/.test(text),
    );
    expect(definitions.map(([file]) => file)).toEqual(["index.js"]);
  });
});

describe("npm run db:migrate in production", () => {
  it("runs the built command on plain node", () => {
    const result = spawnSync(process.execPath, [path.join(root, "scripts/cli.mjs"), "db:migrate"], {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: "production",
        DATA_DIR: path.join(tmp, "migrate"),
      },
      encoding: "utf8",
    });
    expect(result.stderr).not.toMatch(/error/i);
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/applied \d+ migrations/);
  }, 60_000);
});
