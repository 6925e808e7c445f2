import sharp from "sharp";

/*
 * A photo's fingerprint, for finding the same photo again among millions (docs/decisions/039):
 *
 * - `hash`: a 64-bit perceptual hash (pHash) of the photo's central 90 %: grey, squeezed to
 *   32×32, a 2-D DCT, and one bit per each of the 8×8 lowest frequencies — above their median or
 *   not. Resizing, recompressing and brightening move few of those bits; two different photos
 *   differ in about half. The database finds candidates by it (four 16-bit bands, each indexed).
 * - `colours`: the average colour of a 4×4 grid over the same 90 %, scaled by the photo's mean
 *   brightness (so brightening leaves it). Two different pictures with a similar layout in grey —
 *   a red car and a blue car on the same street — differ here; a candidate is judged by both.
 *
 * Light cropping (up to 5 % of a side, from any side) moves a photo under its own frame, which a
 * 64-bit hash does not survive. So a photo being checked is also looked at through the windows
 * that would line up with the original's central 90 % had it been cropped — 2.5 or 5 % off the
 * left or right, the top or bottom, or 2.5 % off both — and matches if any window does.
 */

/** The part of a photo fingerprinted: without 5 % at each edge, so a cropped copy still has it. */
const MARGIN = 0.05;
/** Crops looked through: a fraction off the [start, end] of one axis. */
const CROPS: readonly (readonly [number, number])[] = [
  [0, 0],
  [0.025, 0],
  [0.05, 0],
  [0, 0.025],
  [0, 0.05],
  [0.025, 0.025],
];
const HASH_SIDE = 32;
const LOW = 8;
const GRID = 4;
/** The photo is looked at through this many pixels a side: plenty for 32×32 and a 4×4 grid. */
const SAMPLE = 128;

/**
 * A photo whose grey values vary less than this (standard deviation, of 255) has no shapes to
 * tell it by — a plain colour, a blank page — and is not fingerprinted: any two would match.
 */
const BLANK_SPREAD = 4;

/** A stored photo further than this many of 64 bits from every probe is not looked at. */
export const SAME_PHOTO_BITS = 12;
/**
 * The same photo when, for some probe, the bits that differ plus the colours' distance (mean per
 * channel, of 255) are at most this. Measured (decision 039): a changed copy scores up to 12.3,
 * two different pictures at least 22.
 */
export const SAME_PHOTO_SCORE = 17;

export interface Fingerprint {
  /** The pHash as a signed 64-bit integer, as PostgreSQL's bigint keeps it. */
  hash: bigint;
  /** GRID×GRID RGB averages, row by row, scaled to a mean brightness of 128. */
  colours: Uint8Array;
}

export interface PhotoPrints {
  /** What is stored with the photo. */
  own: Fingerprint;
  /** The photo through every crop window: what is looked up when the photo is checked. */
  probes: Fingerprint[];
}

// cos((2x + 1) u π / 2N), once.
const COS = Array.from({ length: LOW }, (_, u) =>
  Float64Array.from({ length: HASH_SIDE }, (_, x) =>
    Math.cos(((2 * x + 1) * u * Math.PI) / (2 * HASH_SIDE)),
  ),
);

/** The pHash of HASH_SIDE² grey values (row by row), as a signed 64-bit integer. */
export function hashOfGrey(grey: Float64Array): bigint {
  if (grey.length !== HASH_SIDE * HASH_SIDE) throw new RangeError("expected 32×32 values");
  // Rows first: each row's 8 lowest frequencies, then each of those columns' 8 lowest.
  const rows = new Float64Array(HASH_SIDE * LOW);
  for (let y = 0; y < HASH_SIDE; y++) {
    for (let u = 0; u < LOW; u++) {
      const cos = COS[u]!;
      let sum = 0;
      for (let x = 0; x < HASH_SIDE; x++) sum += grey[y * HASH_SIDE + x]! * cos[x]!;
      rows[y * LOW + u] = sum;
    }
  }
  const dct = new Float64Array(LOW * LOW);
  for (let v = 0; v < LOW; v++) {
    const cos = COS[v]!;
    for (let u = 0; u < LOW; u++) {
      let sum = 0;
      for (let y = 0; y < HASH_SIDE; y++) sum += rows[y * LOW + u]! * cos[y]!;
      dct[v * LOW + u] = sum;
    }
  }
  // The median leaves out the mean brightness (0, 0), which brightening moves.
  const sorted = Float64Array.from(dct.subarray(1)).sort();
  const median = sorted[sorted.length >> 1]!;
  let bits = 0n;
  for (let i = 0; i < LOW * LOW; i++) bits = (bits << 1n) | (dct[i]! > median ? 1n : 0n);
  return BigInt.asIntN(64, bits);
}

/** An RGB image of SAMPLE×SAMPLE pixels; windows are cut from it by area averaging. */
interface Sample {
  rgb: Uint8Array;
}

/** Averages the sample over a window (fractions of its sides) into `side`×`side` cells. */
function cells(sample: Sample, window: Window, side: number) {
  const sums = new Float64Array(side * side * 3);
  const counts = new Float64Array(side * side);
  const x0 = window.left * SAMPLE;
  const y0 = window.top * SAMPLE;
  const w = (window.right - window.left) * SAMPLE;
  const h = (window.bottom - window.top) * SAMPLE;
  for (let y = Math.floor(y0); y < Math.ceil(y0 + h) && y < SAMPLE; y++) {
    const cy = Math.min(side - 1, Math.max(0, Math.floor(((y + 0.5 - y0) / h) * side)));
    for (let x = Math.floor(x0); x < Math.ceil(x0 + w) && x < SAMPLE; x++) {
      const cx = Math.min(side - 1, Math.max(0, Math.floor(((x + 0.5 - x0) / w) * side)));
      const cell = cy * side + cx;
      const at = (y * SAMPLE + x) * 3;
      counts[cell]! += 1;
      for (let c = 0; c < 3; c++) sums[cell * 3 + c]! += sample.rgb[at + c]!;
    }
  }
  for (let cell = 0; cell < side * side; cell++) {
    for (let c = 0; c < 3; c++) sums[cell * 3 + c]! /= Math.max(1, counts[cell]!);
  }
  return sums;
}

interface Window {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

function fingerprintOf(sample: Sample, window: Window): Fingerprint {
  // The grey 32×32 comes from the sample at 32 cells a side (the sample is 4× finer).
  const rgb = cells(sample, window, HASH_SIDE);
  const grey = new Float64Array(HASH_SIDE * HASH_SIDE);
  for (let i = 0; i < grey.length; i++) {
    grey[i] = 0.299 * rgb[i * 3]! + 0.587 * rgb[i * 3 + 1]! + 0.114 * rgb[i * 3 + 2]!;
  }
  const grid = cells(sample, window, GRID);
  let mean = 0;
  for (let i = 0; i < GRID * GRID; i++) {
    mean += 0.299 * grid[i * 3]! + 0.587 * grid[i * 3 + 1]! + 0.114 * grid[i * 3 + 2]!;
  }
  mean = Math.max(1, mean / (GRID * GRID));
  const colours = Uint8Array.from(grid, (value) => Math.min(255, Math.round((value * 128) / mean)));
  return { hash: hashOfGrey(grey), colours };
}

/** The window of a photo cropped by `x`, `y` (fractions off each end) that was its central 90 %. */
function windowFor(x: readonly [number, number], y: readonly [number, number]): Window {
  const width = 1 - x[0] - x[1];
  const height = 1 - y[0] - y[1];
  return {
    left: (MARGIN - x[0]) / width,
    right: (1 - MARGIN - x[0]) / width,
    top: (MARGIN - y[0]) / height,
    bottom: (1 - MARGIN - y[0]) / height,
  };
}

/**
 * Fingerprints an image: encoded bytes (any format sharp reads), or raw pixels with their layout;
 * null for a blank one (BLANK_SPREAD). Orientation is the caller's: listing photos are
 * fingerprinted once turned upright.
 */
export async function photoPrints(
  image: Uint8Array | Buffer,
  raw?: { width: number; height: number; channels: 1 | 2 | 3 | 4 },
): Promise<PhotoPrints | null> {
  const { data } = await sharp(image, raw ? { raw } : {})
    .flatten({ background: "#ffffff" })
    .toColourspace("srgb")
    .resize(SAMPLE, SAMPLE, { fit: "fill" })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const sample = { rgb: new Uint8Array(data.buffer, data.byteOffset, SAMPLE * SAMPLE * 3) };
  if (greySpread(sample.rgb) < BLANK_SPREAD) return null;
  const own = fingerprintOf(sample, windowFor([0, 0], [0, 0]));
  const probes = [own];
  for (const x of CROPS) {
    for (const y of CROPS) {
      if (x === CROPS[0] && y === CROPS[0]) continue;
      probes.push(fingerprintOf(sample, windowFor(x, y)));
    }
  }
  return { own, probes };
}

function greySpread(rgb: Uint8Array) {
  let sum = 0;
  let squares = 0;
  const n = rgb.length / 3;
  for (let i = 0; i < rgb.length; i += 3) {
    const grey = 0.299 * rgb[i]! + 0.587 * rgb[i + 1]! + 0.114 * rgb[i + 2]!;
    sum += grey;
    squares += grey * grey;
  }
  const mean = sum / n;
  return Math.sqrt(Math.max(0, squares / n - mean * mean));
}

export const fromHex = (hex: string) => Uint8Array.from(Buffer.from(hex, "hex"));
export const toHex = (bytes: Uint8Array) => Buffer.from(bytes).toString("hex");

/**
 * A photo's own fingerprint as listing_images keeps it. A blank photo (no prints) is marked as
 * looked at — colours '' — so the fingerprinting of older photos does not come back to it.
 */
export function fingerprintColumns(prints: PhotoPrints | null | undefined) {
  return prints
    ? { photoHash: prints.own.hash, photoColours: toHex(prints.own.colours) }
    : { photoHash: null, photoColours: "" };
}

/** A stored photo's fingerprint from its listing_images columns; null when it has none. */
export function fingerprintFromColumns(row: {
  photoHash: bigint | string | null;
  photoColours: string | null;
}): Fingerprint | null {
  return row.photoHash !== null && row.photoColours
    ? { hash: BigInt(row.photoHash), colours: fromHex(row.photoColours) }
    : null;
}

/** How many of the 64 bits differ. */
export function hammingDistance(a: bigint, b: bigint): number {
  let x = BigInt.asUintN(64, a ^ b);
  let count = 0;
  while (x) {
    x &= x - 1n;
    count++;
  }
  return count;
}

/** Mean difference per colour channel (0–255). */
export function colourDistance(a: Uint8Array, b: Uint8Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - (b[i] ?? 0));
  return sum / Math.max(1, a.length);
}

/** Whether a stored fingerprint is the photo some probe of another photo shows. */
export function samePhoto(stored: Fingerprint, probes: readonly Fingerprint[]): boolean {
  return probes.some((probe) => {
    const bits = hammingDistance(stored.hash, probe.hash);
    return (
      bits <= SAME_PHOTO_BITS &&
      bits + colourDistance(stored.colours, probe.colours) <= SAME_PHOTO_SCORE
    );
  });
}

/** The four 16-bit bands of a hash (as the database's index expressions cut them). */
export function bandsOf(hash: bigint): [number, number, number, number] {
  const unsigned = BigInt.asUintN(64, hash);
  return [0, 1, 2, 3].map((band) => Number((unsigned >> BigInt(48 - band * 16)) & 0xffffn)) as [
    number,
    number,
    number,
    number,
  ];
}

/**
 * The band values to look up for a probe: each band as it is and with any one bit flipped. A
 * stored hash within 7 bits always shares one of them (four bands: one differs in at most one
 * bit), and one within 12 bits usually does.
 */
export function bandProbes(hashes: readonly bigint[]): [number[], number[], number[], number[]] {
  const out = [new Set<number>(), new Set<number>(), new Set<number>(), new Set<number>()];
  for (const hash of hashes) {
    bandsOf(hash).forEach((value, band) => {
      out[band]!.add(value);
      for (let bit = 0; bit < 16; bit++) out[band]!.add(value ^ (1 << bit));
    });
  }
  return out.map((set) => [...set]) as [number[], number[], number[], number[]];
}
