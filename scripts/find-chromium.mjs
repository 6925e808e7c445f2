import fs from "node:fs";

/**
 * The browser for end-to-end tests: $CHROMIUM_PATH, else Debian's chromium, else Playwright's own
 * download on machines that have one. Playwright cannot download a browser on our machines.
 */
export async function findChromium() {
  const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"];
  for (const candidate of candidates) {
    if (candidate && fs.existsSync(candidate)) return candidate;
  }
  try {
    const { chromium } = await import("@playwright/test");
    const own = chromium.executablePath();
    if (own && fs.existsSync(own)) return own;
  } catch {
    // No Playwright browser either.
  }
  return undefined;
}

export const missingChromiumMessage =
  "No Chromium found for the end-to-end tests. Install one with `sudo apt-get install chromium` " +
  "(Debian/Ubuntu), or `npx playwright install chromium` where downloads work, or set CHROMIUM_PATH.";
