// The layer rules of docs/decisions/013-layers.md are Biome's noRestrictedImports with one
// override per folder (biome.json). Each rule is shown failing on a wrong import and passing on a
// right one, by linting a one-line module placed where it would live, under the real biome.json.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const biome = path.join(root, "node_modules/.bin/biome");
let dir: string;

beforeAll(() => {
  // A copy of the configuration outside the repository (no git there: VCS integration off), so
  // the cases never appear in the shared working tree.
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "souqna-layers-"));
  const config = JSON.parse(fs.readFileSync(path.join(root, "biome.json"), "utf8"));
  config.vcs = { enabled: false };
  fs.writeFileSync(path.join(dir, "biome.json"), JSON.stringify(config));
});

afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

function lint(file: string, specifier: string) {
  const full = path.join(dir, file);
  fs.mkdirSync(path.dirname(full), { recursive: true });
  fs.writeFileSync(full, `import { piece } from "${specifier}";\n\nexport const used = piece;\n`);
  try {
    const result = spawnSync(biome, ["lint", "--colors=off", file], { cwd: dir, encoding: "utf8" });
    return { status: result.status, output: `${result.stdout}${result.stderr}` };
  } finally {
    fs.rmSync(full);
  }
}

const RULE = "lint/style/noRestrictedImports";

// [rule, file, wrong import, what the message says, right import]
const cases: [string, string, string, string, string][] = [
  [
    "the domain imports no React Router",
    "app/domain/listings/case.ts",
    "react-router",
    "The domain imports no components, routes, React or React Router",
    "~/utils/app-error",
  ],
  [
    "the domain imports no components",
    "app/domain/listings/case.server.ts",
    "~/components/ui/avatar",
    "The domain imports no components, routes, React or React Router",
    "~/db/schema",
  ],
  [
    "the domain imports no routes, not even by a relative path",
    "app/domain/listings/case.ts",
    "../../routes/listing",
    "The domain imports no components, routes, React or React Router",
    "./listing-status",
  ],
  [
    "utils import no domain",
    "app/utils/case.server.ts",
    "~/domain/accounts/accounts-schemas",
    "app/utils sits below the domain",
    "~/i18n/i18n.server",
  ],
  [
    "a component area imports no other area",
    "app/components/favorites/case.tsx",
    "~/components/discovery/listing-card",
    "Components of one area do not import another area's",
    "~/components/ui/avatar",
  ],
  [
    "a component area imports no other area by a relative path either",
    "app/components/listing/case.tsx",
    "../messaging/inbox-list",
    "Components of one area do not import another area's",
    "./spec-list",
  ],
  [
    "a new area must be declared before it imports by ~/components",
    "app/components/new-area/case.tsx",
    "~/components/listing/spec-list",
    "A new area of app/components",
    "~/components/ui/field",
  ],
  [
    "the shared pieces import no area",
    "app/components/ui/case.tsx",
    "~/components/layout/header",
    "app/components/ui holds pieces shared by every area",
    "~/components/ui/field",
  ],
  [
    "nothing below the routes imports a route",
    "app/components/layout/case.tsx",
    "~/routes/listing",
    "Nothing below the routes imports a route",
    "~/components/messaging/unread-badge",
  ],
  [
    "browser modules import no reference data",
    "app/components/listing/case.tsx",
    "~/db/reference-data/regions",
    "Browser code imports no database, reference data or server-only module",
    "~/db/reference-data/types",
  ],
  [
    "browser modules import no server-only package",
    "app/i18n/case.ts",
    "node:fs",
    "Browser code imports no database, reference data or server-only module",
    "~/i18n/config",
  ],
  [
    "views query no database",
    "app/views/listing/case.server.ts",
    "drizzle-orm",
    "Queries belong to the domain",
    "~/db/reference-data/regions",
  ],
  [
    "a view imports another area's views only through views/common",
    "app/views/listing/case.server.ts",
    "~/views/messaging/unread.server",
    "A view of one area imports its own area's files by ./",
    "~/views/common/city-groups.server",
  ],
  [
    "a view imports no React",
    "app/views/discovery/case.server.ts",
    "react",
    "A view builds plain data for a component",
    "~/views/common/card-view.server",
  ],
  [
    "a view imports no component",
    "app/views/listing/case.server.ts",
    "~/components/listing/listing-price",
    "A view builds plain data for a component",
    "~/views/common/usd-approx-text",
  ],
  [
    "a plain module in app/views is browser code (components import it)",
    "app/views/listing/case.ts",
    "~/db/reference-data/regions",
    "Browser code imports no database, reference data or server-only module",
    "./gallery-image",
  ],
  [
    "a presenter in app/components is browser code (presenters live in app/views)",
    "app/components/listing/case.server.ts",
    "~/db/reference-data/regions",
    "Browser code imports no database, reference data or server-only module",
    "~/views/listing/reveal-phone.server",
  ],
  [
    "a route reads no database or reference data",
    "app/routes/case.tsx",
    "~/db/reference-data/categories",
    "A route reads no database or reference data",
    "~/views/discovery/filter-views.server",
  ],
  [
    "app/ imports nothing from server/",
    "app/db/case.server.ts",
    "../../server/logger",
    "app/ never imports server/",
    "./client.server",
  ],
  [
    "the domain imports nothing from server/ either",
    "app/domain/listings/case.server.ts",
    "../../../server/jobs/app-jobs",
    "app/ never imports server/",
    "~/jobs/job-types",
  ],
  [
    "the job contract imports no React",
    "app/jobs/case.ts",
    "react",
    "The job contract and queue import no components, routes or React",
    "~/mail/template-json",
  ],
  [
    "mail imports no domain",
    "app/mail/case.server.ts",
    "~/domain/accounts/session.server",
    "Mail renders and sends what it is given",
    "~/i18n/i18n.server",
  ],
  [
    "sms imports no database",
    "app/sms/case.server.ts",
    "~/db/client.server",
    "SMS sends what it is given",
    "~/jobs/job-types",
  ],
  [
    "sms imports no mail",
    "app/sms/case.server.ts",
    "~/mail/outbox.server",
    "SMS sends what it is given",
    "~/utils/dev-outbox.server",
  ],
  [
    "media imports no domain",
    "app/media/case.server.ts",
    "~/domain/listings/create-listing.server",
    "Media stores and serves bytes",
    "~/utils/env.server",
  ],
];

describe("layer rules (biome.json, noRestrictedImports)", () => {
  it.each(cases)("%s", (_rule, file, wrong, message, right) => {
    const failing = lint(file, wrong);
    expect(failing.status, failing.output).not.toBe(0);
    expect(failing.output).toContain(RULE);
    expect(failing.output).toContain(message);

    const passing = lint(file, right);
    expect(passing.output).not.toContain(RULE);
    expect(passing.status, passing.output).toBe(0);
  });
});

// Import circles are dependency-cruiser's no-circular (.dependency-cruiser.cjs), run by
// `npm run lint` over app/ and server/: shown failing on a circle of two files and passing once
// one of them imports a leaf instead.
describe("import circles (.dependency-cruiser.cjs, no-circular)", () => {
  function cruise(files: Record<string, string>) {
    const tree = fs.mkdtempSync(path.join(os.tmpdir(), "souqna-circles-"));
    try {
      for (const [file, text] of Object.entries(files)) {
        fs.mkdirSync(path.dirname(path.join(tree, file)), { recursive: true });
        fs.writeFileSync(path.join(tree, file), text);
      }
      fs.copyFileSync(path.join(root, ".dependency-cruiser.cjs"), path.join(tree, "dc.cjs"));
      fs.writeFileSync(path.join(tree, "tsconfig.json"), "{}");
      const result = spawnSync(
        process.execPath,
        [
          path.join(root, "node_modules/dependency-cruiser/bin/dependency-cruise.mjs"),
          "--config",
          "dc.cjs",
          "app",
        ],
        { cwd: tree, encoding: "utf8" },
      );
      return { status: result.status, output: `${result.stdout}${result.stderr}` };
    } finally {
      fs.rmSync(tree, { recursive: true, force: true });
    }
  }

  it("fails on a circle, type-only imports included, and passes on a leaf", () => {
    const circle = cruise({
      "app/jobs/sender.ts":
        'import type { Change } from "../domain/change";\nexport type Sender = (c: Change) => void;\n',
      "app/domain/change.ts":
        'import type { Sender } from "../jobs/sender";\nexport type Change = { send: Sender };\n',
    });
    expect(circle.status, circle.output).not.toBe(0);
    expect(circle.output).toContain("no-circular");

    const leaf = cruise({
      "app/jobs/sender.ts":
        'import type { Change } from "../domain/change";\nexport type Sender = (c: Change) => void;\n',
      "app/domain/change.ts": "export type Change = { at: string };\n",
    });
    expect(leaf.status, leaf.output).toBe(0);
  });
});
