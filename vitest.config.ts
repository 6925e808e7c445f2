import { defineConfig } from "vitest/config";

// Unit and integration tests run without the React Router plugin: they import modules directly.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: [
      "app/**/*.test.ts",
      "app/**/*.test.tsx",
      "tests/**/*.test.ts",
      "server/**/*.test.ts",
      "scripts/**/*.test.ts",
    ],
    globalSetup: ["tests/setup/global-setup.ts"],
    // Many tests sign members up over HTTP against a real server (scrypt, a job queue): on 2 shared
    // cores under the whole suite, 30 s was too close (abuse 01, 03, 15 and 16 timed out once).
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
    // Server tests mostly wait on child processes: one more worker than the usual cores.
    maxWorkers: 3,
  },
});
