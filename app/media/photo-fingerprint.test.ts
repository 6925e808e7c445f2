import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { demoSvg, IMAGE_CATEGORIES } from "~/db/seed/demo/pictures";
import { generatedPhoto } from "../../tests/factories/photos";
import {
  bandProbes,
  bandsOf,
  colourDistance,
  hammingDistance,
  type PhotoPrints,
  photoPrints,
  SAME_PHOTO_BITS,
  SAME_PHOTO_SCORE,
  samePhoto,
} from "./photo-fingerprint.server";

/** What a re-poster does to a photo. */
async function changed(photo: Buffer) {
  const { width = 0, height = 0 } = await sharp(photo).metadata();
  const cut = (fx: number, fy: number, left: number, top: number) =>
    sharp(photo)
      .extract({
        left: Math.round(width * left),
        top: Math.round(height * top),
        width: width - Math.round(width * fx),
        height: height - Math.round(height * fy),
      })
      .toBuffer();
  return {
    "resized to 50 %": await sharp(photo)
      .resize(Math.round(width / 2))
      .toBuffer(),
    "JPEG quality 60": await sharp(photo).jpeg({ quality: 60 }).toBuffer(),
    "+10 % brightness": await sharp(photo).modulate({ brightness: 1.1 }).toBuffer(),
    "5 % off the bottom": await cut(0, 0.05, 0, 0),
    "5 % off the left": await cut(0.05, 0, 0.05, 0),
    "2.5 % off each side": await cut(0.05, 0.05, 0.025, 0.025),
    "5 % off the top and the left": await cut(0.05, 0.05, 0.05, 0.05),
  };
}

/** The best probe's bits + colours: what samePhoto judges. */
const score = (a: PhotoPrints, b: PhotoPrints) =>
  Math.min(
    ...b.probes.map(
      (probe) =>
        hammingDistance(a.own.hash, probe.hash) + colourDistance(a.own.colours, probe.colours),
    ),
  );

const closest = (a: PhotoPrints, b: PhotoPrints) => ({
  bits: Math.min(...b.probes.map((probe) => hammingDistance(a.own.hash, probe.hash))),
  colours: Math.min(...b.probes.map((probe) => colourDistance(a.own.colours, probe.colours))),
});

async function printsOf(photo: Buffer) {
  const prints = await photoPrints(photo);
  if (!prints) throw new Error("not fingerprinted");
  return prints;
}

describe("photo fingerprints", () => {
  it("recognise a photo resized, recompressed, brightened or cropped by 5 %, and no other photo", async () => {
    const photos: [string, Buffer][] = [];
    for (const category of IMAGE_CATEGORIES) {
      for (let n = 1; n <= 8; n++) {
        photos.push([
          `${category}-${n}`,
          await sharp(Buffer.from(demoSvg(category, n)))
            .jpeg()
            .toBuffer(),
        ]);
      }
    }
    for (let seed = 1; seed <= 12; seed++)
      photos.push([`photo-${seed}`, await generatedPhoto(seed)]);
    const prints = await Promise.all(photos.map(([, photo]) => printsOf(photo)));

    let sameScore = 0;
    let differentScore = Number.POSITIVE_INFINITY;
    const worst: Record<string, { bits: number; colours: number }> = {};
    for (const [index, [name, photo]] of photos.entries()) {
      for (const [change, copy] of Object.entries(await changed(photo))) {
        const copyPrints = await printsOf(copy);
        const distance = closest(prints[index]!, copyPrints);
        worst[change] = {
          bits: Math.max(worst[change]?.bits ?? 0, distance.bits),
          colours: Math.max(worst[change]?.colours ?? 0, Math.round(distance.colours)),
        };
        expect(samePhoto(prints[index]!.own, copyPrints.probes), `${name}, ${change}`).toBe(true);
        sameScore = Math.max(sameScore, score(prints[index]!, copyPrints));
      }
    }
    let nearest = { bits: 64, colours: 255, pair: "" };
    let nearestInColour = { bits: 64, colours: 255, pair: "" };
    for (const [i, a] of prints.entries()) {
      for (const [j, b] of prints.entries()) {
        if (i === j) continue;
        expect(samePhoto(a.own, b.probes), `${photos[i]![0]} and ${photos[j]![0]}`).toBe(false);
        differentScore = Math.min(differentScore, score(a, b));
        const distance = closest(a, b);
        const pair = `${photos[i]![0]}, ${photos[j]![0]}`;
        if (distance.bits < nearest.bits) nearest = { ...distance, pair };
        if (distance.bits <= SAME_PHOTO_BITS && distance.colours < nearestInColour.colours) {
          nearestInColour = { ...distance, pair };
        }
      }
    }
    console.log(
      "score (bits + colours): same photo at most",
      sameScore,
      "; different at least",
      differentScore,
    );
    // The margin the threshold sits in.
    expect(sameScore).toBeLessThan(SAME_PHOTO_SCORE - 3);
    expect(differentScore).toBeGreaterThan(SAME_PHOTO_SCORE + 3);
    // The figures for the decision record.
    console.log("same photo, worst of", photos.length, worst);
    console.log("different photos, nearest by bits", nearest);
    console.log("different photos within the bits, nearest in colour", nearestInColour);
  }, 180_000);

  it("leave a blank photo out: any two plain colours would match", async () => {
    const plain = (background: string) =>
      sharp({ create: { width: 400, height: 300, channels: 3, background } })
        .png()
        .toBuffer();
    expect(await photoPrints(await plain("#2a6"))).toBeNull();
    expect(await photoPrints(await plain("#ffffff"))).toBeNull();
    expect(await photoPrints(await generatedPhoto(3))).not.toBeNull();
  });

  it("cut a hash into the bands the database indexes, and probe each within one bit", () => {
    const hash = BigInt.asIntN(64, 0x8001_00ff_f00f_1234n);
    expect(bandsOf(hash)).toEqual([0x8001, 0x00ff, 0xf00f, 0x1234]);
    const probes = bandProbes([hash]);
    expect(probes.map((band) => band.length)).toEqual([17, 17, 17, 17]);
    expect(probes[0]).toContain(0x8001 ^ 0x0400);
    expect(probes[3]).not.toContain(0x1234 ^ 0x0003);
  });
});
