import { expect, type Page } from "@playwright/test";

interface SidewaysScroll {
  /** How far the document is wider than the window. */
  overflow: number;
  /** Where the document is scrolled to (negative in Arabic, whose pages scroll to the left). */
  scrollX: number;
  /** How far a swipe could move it: to the left, then to the right. */
  reachable: [number, number];
  /** What sticks out, when something does: tag, classes, test id and its edges. */
  culprits: string[];
}

/**
 * No page may scroll sideways, in either direction, after what a person just did on it: the
 * document is no wider than the window, it sits at its start, and scrolling to either side moves
 * nothing. Call it after each page's main actions (a revealed number, an open dialog, a sent
 * message), not only after loading: a page that fits as it loads can stop fitting later.
 */
export async function expectNoHorizontalScroll(page: Page, after = "the page's actions") {
  await expect
    .poll(() => sidewaysScroll(page), {
      message: `the page scrolls sideways after ${after}`,
    })
    .toEqual({ overflow: 0, scrollX: 0, reachable: [0, 0], culprits: [] });
}

function sidewaysScroll(page: Page): Promise<SidewaysScroll> {
  return page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    const overflow = Math.max(0, root.scrollWidth - root.clientWidth);
    const scrollX = Math.round(window.scrollX);
    const top = window.scrollY;
    const reach = (left: number) => {
      window.scrollTo({ left, top, behavior: "instant" });
      return Math.round(window.scrollX);
    };
    const reachable: [number, number] = [reach(-100_000), reach(100_000)];
    window.scrollTo({ left: scrollX, top, behavior: "instant" });
    // What sticks out past the window's edges, measured from the document's start (its edges
    // do not move with the scroll): the innermost such elements, which are the ones to fix. Only
    // looked for when the page does scroll, to say why.
    const culprits: string[] = [];
    if (overflow > 0 || scrollX !== 0 || reachable.some((x) => x !== 0)) {
      const width = root.clientWidth;
      const out = [...document.body.querySelectorAll("*")].filter((element) => {
        const box = element.getBoundingClientRect();
        const left = box.left + window.scrollX;
        // (Screen-reader-only texts are 1 px boxes that scroll nothing.)
        if (box.width <= 1 || (left > -1 && left + box.width < width + 1)) return false;
        return getComputedStyle(element).position !== "fixed";
      });
      for (const element of out) {
        if (out.some((other) => other !== element && element.contains(other))) continue;
        const box = element.getBoundingClientRect();
        const left = Math.round(box.left + window.scrollX);
        const id = element.getAttribute("data-testid");
        culprits.push(
          `${element.tagName.toLowerCase()}${id ? `[data-testid=${id}]` : ""}.${String(
            element.getAttribute("class") ?? "",
          ).slice(0, 60)} ${left}…${left + Math.round(box.width)}`,
        );
        if (culprits.length === 8) break;
      }
    }
    return { overflow, scrollX, reachable, culprits };
  });
}

/**
 * Screenshots of the whole page at a phone's width (390) and a desktop's (1280), each after
 * checking that nothing scrolls sideways: `${dir}/${name}-390.png` and `-1280.png`.
 */
export async function shootBothWidths(page: Page, dir: string, name: string) {
  for (const [width, height] of [
    [390, 844],
    [1280, 800],
  ] as const) {
    await page.setViewportSize({ width, height });
    await expectNoHorizontalScroll(page, `${name} at ${width} px`);
    await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true });
  }
}
