import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { fingerprintColumns, photoPrints } from "~/media/photo-fingerprint.server";
import type { CategorySlug } from "../../reference-data/types";
import { demoSvg, IMAGE_CATEGORIES } from "./pictures";

export const DEMO_IMAGE_WIDTHS = [320, 640, 1280] as const;
const IMAGES_PER_CATEGORY = 8;

/** A picture of the pool, as a listing image row describes it. */
export interface PoolImage {
  storageKey: string;
  variants: { width: number; height: number; key: string }[];
  width: number;
  height: number;
  /** Its fingerprint (decision 039), so the demo's photos need no fingerprinting later. */
  photoHash: bigint | null;
  photoColours: string | null;
}

/**
 * Renders the shared picture pool once (8 per category, three widths each) and describes it.
 * Files that already exist are kept, so a restart or a second seed costs nothing.
 */
export async function ensureImagePool(dataDir: string): Promise<Record<CategorySlug, PoolImage[]>> {
  const dir = path.join(dataDir, "media", "demo");
  fs.mkdirSync(dir, { recursive: true });
  const pool = {} as Record<CategorySlug, PoolImage[]>;
  const jobs: Promise<unknown>[] = [];
  for (const category of IMAGE_CATEGORIES) {
    pool[category] = [];
    for (let n = 1; n <= IMAGES_PER_CATEGORY; n++) {
      const name = `${category}-${n}`;
      const variants = DEMO_IMAGE_WIDTHS.map((width) => ({
        width,
        height: (width * 3) / 4,
        key: `demo/${name}-${width}.webp`,
      }));
      const largest = variants[variants.length - 1]!;
      pool[category].push({
        storageKey: `demo/${name}`,
        variants,
        width: largest.width,
        height: largest.height,
        photoHash: null,
        photoColours: null,
      });
      const missing = variants.filter((v) => !fs.existsSync(path.join(dataDir, "media", v.key)));
      if (missing.length > 0) jobs.push(renderImage(dataDir, demoSvg(category, n), missing));
    }
  }
  await Promise.all(jobs);
  for (const picture of Object.values(pool).flat()) {
    const middle = picture.variants[1] ?? picture.variants[0]!;
    const bytes = fs.readFileSync(path.join(dataDir, "media", middle.key));
    Object.assign(picture, fingerprintColumns(await photoPrints(bytes)));
  }
  return pool;
}

async function renderImage(
  dataDir: string,
  svg: string,
  variants: { width: number; height: number; key: string }[],
) {
  // Rasterise once; raw pixels skip a PNG round trip for each width.
  const { data, info } = await sharp(Buffer.from(svg)).raw().toBuffer({ resolveWithObject: true });
  const raw = { width: info.width, height: info.height, channels: info.channels };
  for (const variant of variants) {
    const target = path.join(dataDir, "media", variant.key);
    // Written under a temporary name and renamed, so a crash never leaves a half file that the
    // exists-check would then keep forever.
    const temp = `${target}.${process.pid}.tmp`;
    await sharp(data, { raw })
      .resize(variant.width, variant.height)
      .webp({ quality: 74, effort: 2 })
      .toFile(temp);
    fs.renameSync(temp, target);
  }
}
