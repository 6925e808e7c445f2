#!/usr/bin/env node
// `npm run db:migrate` and the other operator commands (decision 018): `node scripts/cli.mjs
// <name> [arguments]`.
// - NODE_ENV=production: the built command (build/cli/<name>.js) on plain node, like the server;
//   a missing build is an error, never a silent compile.
// - Otherwise: the fresh build when there is one, else the TypeScript source through tsx (a
//   developer's checkout, where building for one command would be slower than compiling it).
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import {
  buildState,
  cliDir,
  commands,
  noBuildMessage,
  operatorSaysProduction,
  root,
} from "./build-layout.mjs";

const name = process.argv[2];
const command = commands[name];
if (!command) {
  console.error(`souqna: unknown command ${name}; one of ${Object.keys(commands).join(", ")}`);
  process.exit(2);
}
// The command reads its own arguments from process.argv, as if it had been started directly.
process.argv.splice(2, 1);
process.chdir(root);

const state = buildState();
if (operatorSaysProduction() || state === "fresh") {
  const built = path.join(cliDir, `${command.file}.js`);
  if (!fs.existsSync(built)) {
    console.error(`${name}: ${noBuildMessage}`);
    process.exit(1);
  }
  process.argv[1] = built;
  await import(pathToFileURL(built).href);
} else {
  const { register } = await import("tsx/esm/api");
  register();
  const source = path.join(root, command.source);
  process.argv[1] = source;
  await import(pathToFileURL(source).href);
}
