#!/usr/bin/env node
// The installed app's icons (public/icons), drawn once from the favicon with sharp and committed:
// `node scripts/make-icons.mjs` after the logo changes. The maskable icon fills its square with
// the theme colour and keeps the logo at 60 % in the middle, inside the safe zone (the central
// circle of 80 %) that launchers never crop.
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";

const root = path.resolve(import.meta.dirname, "..");
const svg = fs.readFileSync(path.join(root, "public/favicon.svg"));
const out = path.join(root, "public/icons");
/** The theme colour (root.tsx's theme-color, the manifest's theme_color). */
const THEME = "#047858";
/** The favicon's own square is 32 units: rasterise at the density that draws it at `size`. */
const logo = (size) =>
  sharp(svg, { density: (72 * size) / 32 })
    .resize(size, size)
    .png()
    .toBuffer();

fs.mkdirSync(out, { recursive: true });
const png = { compressionLevel: 9, palette: true };
for (const size of [192, 512]) {
  await sharp(await logo(size))
    .png(png)
    .toFile(path.join(out, `icon-${size}.png`));
}
const size = 512;
const inner = Math.round(size * 0.6);
await sharp({ create: { width: size, height: size, channels: 4, background: THEME } })
  .composite([{ input: await logo(inner), gravity: "centre" }])
  .png(png)
  .toFile(path.join(out, "maskable-512.png"));
console.log(`icons written to ${path.relative(root, out)}`);
