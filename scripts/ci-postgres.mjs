#!/usr/bin/env node
// CI helper: create or drop the run's own PostgreSQL database (and the per-test databases the
// suite derived from it), or print its URL. Usage: ci-postgres.mjs create|drop|url SERVER_URL NAME
import pg from "pg";

const [command, serverUrl, name] = process.argv.slice(2);
if (!command || !serverUrl || !name || !/^[a-z0-9_]+$/.test(name)) {
  console.error("usage: ci-postgres.mjs create|drop|url SERVER_URL NAME");
  process.exit(2);
}

const url = new URL(serverUrl);
if (command === "url") {
  url.pathname = `/${name}`;
  console.log(url.toString());
  process.exit(0);
}

const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 5000 });
try {
  await client.connect();
} catch (error) {
  console.error(`ci-postgres: cannot reach PostgreSQL at ${url.host}: ${error.message}`);
  process.exit(1);
}
if (command === "create") {
  await client.query(`create database "${name}"`);
} else if (command === "drop") {
  const { rows } = await client.query(
    "select datname from pg_database where datname = $1 or datname like 'souqna\\_t\\_%' or datname like 'souqna\\_tpl\\_%' or datname like 'souqna\\_srv\\_%'",
    [name],
  );
  for (const row of rows)
    await client.query(`drop database if exists "${row.datname}" with (force)`);
}
await client.end();
