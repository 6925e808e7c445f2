#!/usr/bin/env -S npx tsx
// The listing image pipeline on one 12-megapixel photo: how long, how big, how much memory.
// Usage: npx tsx bench/image-pipeline.ts [runs=5]
// Prints the input size, median/p95 processing time, each variant's size, the total output and
// the process's peak RSS. Not a test: figures depend on the machine (production has 2 cores).
import sharp from "sharp";
import { processListingImage } from "../app/media/listing-images.server";

const runs = Number(process.argv[2] ?? 5);
const width = 4000;
const height = 3000;

// A photo-like image: smooth gradients plus noise, so JPEG cannot squeeze it to nothing.
function photoLike() {
  const channels = 3;
  const pixels = Buffer.alloc(width * height * channels);
  let seed = 12345;
  const noise = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return ((seed >> 16) % 41) - 20;
  };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * channels;
      const wave = Math.sin(x / 90) * Math.cos(y / 70) * 40;
      pixels[i] = Math.max(0, Math.min(255, (x / width) * 200 + wave + noise()));
      pixels[i + 1] = Math.max(0, Math.min(255, (y / height) * 180 + 40 - wave + noise()));
      pixels[i + 2] = Math.max(0, Math.min(255, 120 + wave * 1.5 + noise()));
    }
  }
  return sharp(pixels, { raw: { width, height, channels } }).jpeg({ quality: 90 }).toBuffer();
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

let peakRss = 0;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage.rss());
}, 5);

const input = await photoLike();
console.log(`input: ${width}×${height} JPEG, ${mb(input.byteLength)} (${input.byteLength} bytes)`);
console.log(
  `sharp ${sharp.versions.sharp}, libvips ${sharp.versions.vips}, threads ${sharp.concurrency()}`,
);

const rssBefore = process.memoryUsage.rss();
peakRss = rssBefore;
const times: number[] = [];
let last: Awaited<ReturnType<typeof processListingImage>> | undefined;
for (let run = 0; run < runs; run++) {
  const started = performance.now();
  last = await processListingImage(input);
  times.push(performance.now() - started);
}
clearInterval(sampler);
peakRss = Math.max(peakRss, process.memoryUsage.rss());

const sorted = [...times].sort((a, b) => a - b);
console.log(`runs: ${times.map((t) => t.toFixed(0)).join(", ")} ms`);
console.log(
  `median: ${percentile(sorted, 50).toFixed(0)} ms, p95: ${percentile(sorted, 95).toFixed(0)} ms`,
);
let total = 0;
for (const variant of last!.variants) {
  total += variant.bytes.byteLength;
  console.log(`  ${variant.width}×${variant.height} webp: ${kb(variant.bytes.byteLength)}`);
}
console.log(
  `total output: ${kb(total)} (${((100 * total) / input.byteLength).toFixed(1)}% of input)`,
);
console.log(
  `RSS before the runs: ${mb(rssBefore)}; peak RSS during them: ${mb(peakRss)} (sampled every 5 ms); process max RSS: ${mb(process.resourceUsage().maxRSS * 1024)}`,
);
