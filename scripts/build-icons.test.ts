import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
// @ts-expect-error -- a plain .mjs script, run by hand after a new icon name
import { expectedSprite, lucideNames, spritePath } from "./build-icons.mjs";

const sprite = fs.readFileSync(spritePath as string, "utf8");
const symbols = [...sprite.matchAll(/<symbol id="([\w-]+)"/g)].map((m) => m[1]);
const namesFile = fs.readFileSync(
  path.join(import.meta.dirname, "../app/components/ui/icon-names.ts"),
  "utf8",
);

describe("the icons file (icons.svg)", () => {
  it("draws every lucide name in icon-names.ts: run `node scripts/build-icons.mjs` after adding one", async () => {
    expect(sprite).toBe(await expectedSprite());
  });

  it("has one symbol per id, and one for every name <Icon> accepts", () => {
    expect(new Set(symbols).size).toBe(symbols.length);
    const drawn = namesFile.slice(namesFile.indexOf("DrawnName ="), namesFile.indexOf(";"));
    const names = [
      ...(lucideNames() as string[]),
      ...[...drawn.matchAll(/"([\w-]+)"/g)].map((m) => m[1]),
    ];
    expect(names.length).toBeGreaterThan(80);
    for (const name of names) expect(symbols, name).toContain(name);
  });

  it("leaves stroke and fill of lucide's drawings to the <svg> that shows them (the saved heart fills)", () => {
    const generated = sprite.slice(sprite.indexOf("<!-- lucide:"));
    expect(generated).toContain('<symbol id="heart" viewBox="0 0 24 24"><path d=');
    expect(generated).not.toMatch(/<symbol[^>]*\s(fill|stroke)=/);
  });

  it("is the only icon system: no module of app/ imports lucide-react", () => {
    const app = path.resolve(import.meta.dirname, "../app");
    const offenders = fs
      .readdirSync(app, { recursive: true, encoding: "utf8" })
      .filter((file) => /\.(ts|tsx)$/.test(file) && !file.endsWith("icon.test.ts"))
      .filter((file) =>
        fs.readFileSync(path.join(app, file), "utf8").includes('from "lucide-react"'),
      );
    expect(offenders).toEqual([]);
  });
});
