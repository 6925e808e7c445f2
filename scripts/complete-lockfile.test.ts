import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
// @ts-expect-error — a plain ES module script without type declarations
import { platformOf } from "./complete-lockfile.mjs";

describe("package-lock.json", () => {
  it("lists every platform's optional binaries, so npm ci works everywhere", () => {
    expect(() =>
      execFileSync(process.execPath, ["scripts/complete-lockfile.mjs", "--check"], {
        stdio: "pipe",
      }),
    ).not.toThrow();
  });

  it("reads the platform from a binary package's name", () => {
    expect(platformOf("@biomejs/cli-darwin-arm64")).toEqual({ os: ["darwin"], cpu: ["arm64"] });
    expect(platformOf("@biomejs/cli-linux-x64-musl")).toEqual({
      os: ["linux"],
      cpu: ["x64"],
      libc: ["musl"],
    });
    expect(platformOf("@img/sharp-libvips-linuxmusl-arm64")).toEqual({
      os: ["linux"],
      cpu: ["arm64"],
      libc: ["musl"],
    });
    expect(platformOf("@rolldown/binding-wasm32-wasi")).toEqual({ cpu: ["wasm32"] });
  });
});
