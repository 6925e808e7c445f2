import { defineConfig, devices } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 3999);
const executablePath = process.env.CHROMIUM_PATH || undefined;

const launchOptions = {
  executablePath,
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
};

export default defineConfig({
  testDir: "tests/e2e",
  // Per port, like the e2e server's data: parallel runs on one machine keep their own traces.
  outputDir: `tests/.artifacts/results-${port}`,
  fullyParallel: true,
  // Two browsers saturate 2 cores (measured: 4 workers made the suite slower, not faster).
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: "retain-on-failure",
    launchOptions,
  },
  projects: [
    {
      name: "desktop",
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 }, launchOptions },
      // Journeys whose outcome does not depend on the screen's width — push notices,
      // requests that stall or are resumed, drafts racing between tabs, the service worker's
      // caches — and the forms' validation (what each bad input says, which does not move with
      // the width; these specs take no pictures) — run on the phone only, the width most members
      // use; every page's layout is still checked at both widths (shell, a11y, first-load and
      // each area's own specs).
      testIgnore: [
        "**/accounts/auth-validation.spec.ts",
        "**/accounts/settings-validation.spec.ts",
        "**/engagement/engagement-validation.spec.ts",
        "**/listings/listing-validation.spec.ts",
        "**/engagement/push.spec.ts",
        "**/engagement/outbox.spec.ts",
        "**/listings/stalled-requests.spec.ts",
        "**/listings/draft-races.spec.ts",
        "**/listings/resumable-posts.spec.ts",
        "**/shell/offline.spec.ts",
        "**/shell/shared-phone.spec.ts",
      ],
    },
    {
      name: "phone",
      use: { ...devices["Pixel 7"], viewport: { width: 390, height: 844 }, launchOptions },
    },
  ],
  webServer: {
    command: "node scripts/e2e-server.mjs",
    url: `http://127.0.0.1:${port}/healthz`,
    env: { PORT: String(port), HOST: "127.0.0.1", PUBLIC_URL: `http://127.0.0.1:${port}` },
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: "ignore",
    stderr: "pipe",
  },
});
