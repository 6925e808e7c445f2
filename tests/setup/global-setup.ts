import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { TestProject } from "vitest/node";
import { openPglite, openPostgres } from "../../app/db/client.server";
import { runMigrations } from "../../app/db/migrate.server";
import { syncReferenceData } from "../../app/db/reference-data/sync.server";

/**
 * Migrates one template database before the suite — a PGlite data dir, or a PostgreSQL database
 * when TEST_DATABASE_URL is set — so each test file starts from a copy in milliseconds instead of
 * migrating again.
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = `souqna_tpl_${process.pid}_${Date.now()}`;
    const admin = await openPostgres(serverUrl, 1);
    await admin.db.execute(sql.raw(`create database "${name}"`));
    const templateUrl = withDatabase(serverUrl, name);
    const template = await openPostgres(templateUrl, 2);
    await runMigrations(template);
    await syncReferenceData(template.db);
    await template.close();
    project.provide("testDatabase", { kind: "postgres", serverUrl, template: name });
    return async () => {
      await admin.db.execute(sql.raw(`drop database if exists "${name}" with (force)`));
      await admin.close();
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "souqna-tpl-"));
  const template = await openPglite(dir);
  await runMigrations(template);
  await syncReferenceData(template.db);
  await template.close();
  project.provide("testDatabase", { kind: "pglite", template: dir });
  return () => fs.rmSync(dir, { recursive: true, force: true });
}

export function withDatabase(url: string, database: string) {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

declare module "vitest" {
  export interface ProvidedContext {
    testDatabase:
      | { kind: "pglite"; template: string }
      | { kind: "postgres"; serverUrl: string; template: string };
  }
}
