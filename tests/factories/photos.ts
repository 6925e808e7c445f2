import sharp from "sharp";

/** A seeded photo-like picture: soft blobs of colour over a grain, as a JPEG. */
export async function generatedPhoto(seed: number) {
  let state = seed;
  const random = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const width = 640;
  const height = 480;
  const light = new Float32Array(width * height * 3);
  for (let blob = 0; blob < 25; blob++) {
    const cx = random() * width;
    const cy = random() * height;
    const radius = 20 + random() * 200;
    const colour = [random() * 255, random() * 255, random() * 255];
    const sign = random() > 0.5 ? 0.6 : -0.6;
    for (
      let y = Math.max(0, Math.floor(cy - 3 * radius));
      y < Math.min(height, cy + 3 * radius);
      y++
    ) {
      for (
        let x = Math.max(0, Math.floor(cx - 3 * radius));
        x < Math.min(width, cx + 3 * radius);
        x++
      ) {
        const k = Math.exp(-((x - cx) ** 2 + (y - cy) ** 2) / (radius * radius)) * sign;
        for (let c = 0; c < 3; c++) light[(y * width + x) * 3 + c]! += k * colour[c]!;
      }
    }
  }
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) {
    pixels[i] = Math.max(0, Math.min(255, 110 + light[i]! + (random() - 0.5) * 30));
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();
}
