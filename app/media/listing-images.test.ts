import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { deflateSync } from "node:zlib";
import sharp, { type Exif } from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { AppError } from "~/utils/app-error";
import {
  imageKeys,
  MAX_IMAGE_BYTES,
  processListingImage,
  srcSetFor,
  storeListingImages,
  variantWidthsFor,
} from "./listing-images.server";
import { createLocalStorage, type MediaStorage } from "./storage.server";

let dataDir: string;
let storage: MediaStorage;

beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "souqna-media-"));
  storage = createLocalStorage(dataDir);
});

afterEach(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A smooth gradient with a little structure, so JPEG has something to encode. */
async function gradientJpeg(
  width: number,
  height: number,
  { exif, orientation }: { exif?: Exif; orientation?: number } = {},
) {
  const channels = 3;
  const pixels = Buffer.alloc(width * height * channels);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * channels;
      pixels[i] = (x * 255) / width;
      pixels[i + 1] = (y * 255) / height;
      pixels[i + 2] = (x + y) % 256;
    }
  }
  const image = sharp(pixels, { raw: { width, height, channels } });
  if (exif) image.withExif(exif);
  // sharp writes the Orientation tag itself; withExif cannot set it.
  if (orientation) image.withMetadata({ orientation });
  return image.jpeg({ quality: 85 }).toBuffer();
}

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

async function expectAppError(promise: Promise<unknown>, code: string) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe(code);
}

/**
 * A real, valid PNG of width×height 1-bit pixels, all zero: a few hundred KB that decode to
 * width×height pixels — the decompression bomb the pixel limit is there for.
 */
function bombPng(width: number, height: number) {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc32 = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const byte of buf) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 1; // bit depth
  ihdr[9] = 0; // greyscale
  const rowBytes = 1 + Math.ceil(width / 8);
  const idat = deflateSync(Buffer.alloc(rowBytes * height), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", idat),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

describe("processListingImage", () => {
  it("stores a large photo as 320/640/1280 WebP variants under media/listings/<id>/", async () => {
    const listingId = randomUUID();
    const jpeg = await gradientJpeg(3000, 2000);
    const image = (await storeListingImages(storage, listingId, [jpeg]))[0]!;

    expect(image.storageKey).toMatch(new RegExp(`^listings/${listingId}/[0-9a-f-]{36}$`));
    expect(image.variants.map((v) => v.width)).toEqual([320, 640, 1280]);
    expect(image.variants.map((v) => v.height)).toEqual([213, 427, 853]);
    expect(image).toMatchObject({ width: 1280, height: 853 });
    for (const variant of image.variants) {
      expect(variant.key).toBe(`${image.storageKey}-${variant.width}.webp`);
      const file = path.join(dataDir, "media", variant.key);
      const meta = await sharp(file).metadata();
      expect(meta).toMatchObject({ format: "webp", width: variant.width, height: variant.height });
    }
    expect(filesUnder(path.join(dataDir, "media", "listings", listingId))).toHaveLength(3);
    expect(imageKeys(image)).toEqual(image.variants.map((v) => v.key));

    expect(storage.urlFor(image.variants[0]!.key)).toBe(`/media/${image.storageKey}-320.webp`);
    expect(srcSetFor(storage, [...image.variants].reverse())).toBe(
      [320, 640, 1280].map((w) => `/media/${image.storageKey}-${w}.webp ${w}w`).join(", "),
    );
  });

  it("strips every byte of metadata, GPS above all", async () => {
    const input = await sharp(
      await gradientJpeg(1600, 1200, {
        exif: {
          IFD0: { Make: "Phone", Model: "X", Copyright: "someone" },
          IFD3: {
            GPSLatitudeRef: "N",
            GPSLatitude: "33/1 30/1 0/1",
            GPSLongitudeRef: "E",
            GPSLongitude: "36/1 18/1 0/1",
          },
        },
      }),
    )
      .keepExif()
      .withIccProfile("p3")
      .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF/></x:xmpmeta>')
      .jpeg()
      .toBuffer();
    const before = await sharp(input).metadata();
    // The GPS IFD pointer (tag 0x8825), in either byte order.
    const gpsPointer = (exif?: Buffer) =>
      !!exif &&
      (exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88])));
    expect(gpsPointer(before.exif)).toBe(true);
    expect(before.icc).toBeDefined();
    expect(before.xmp).toBeDefined();

    const listingId = randomUUID();
    const image = (await storeListingImages(storage, listingId, [input]))[0]!;
    expect(image.variants).toHaveLength(3);
    for (const variant of image.variants) {
      const bytes = fs.readFileSync(path.join(dataDir, "media", variant.key));
      const meta = await sharp(bytes).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.iptc).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      // No EXIF/XMP/ICC chunk in the RIFF container at all.
      for (const fourcc of ["EXIF", "XMP ", "ICCP"]) {
        expect(bytes.includes(Buffer.from(fourcc, "ascii"))).toBe(false);
      }
    }
  });

  it("turns a photo taken sideways (EXIF orientation 6) upright", async () => {
    const input = await gradientJpeg(800, 600, { orientation: 6 });
    expect((await sharp(input).metadata()).orientation).toBe(6);
    const image = await processListingImage(input);
    expect(image).toMatchObject({ width: 600, height: 800 });
    expect(image.variants.map((v) => [v.width, v.height])).toEqual([
      [320, 427],
      [600, 800],
    ]);
    const meta = await sharp(image.variants[1]!.bytes).metadata();
    expect(meta.width).toBeLessThan(meta.height);
    expect(meta.orientation).toBeUndefined();
  });

  it("never upscales: a 200×150 image gives one 200-wide variant", async () => {
    const image = await processListingImage(await gradientJpeg(200, 150));
    expect(image.variants.map((v) => [v.width, v.height])).toEqual([[200, 150]]);
    expect(image).toMatchObject({ width: 200, height: 150 });
    expect(variantWidthsFor(1000)).toEqual([320, 640, 1000]);
    expect(variantWidthsFor(640)).toEqual([320, 640]);
    expect(variantWidthsFor(5000)).toEqual([320, 640, 1280]);
  });

  it("accepts PNG, WebP and GIF, and keeps transparency", async () => {
    const base = sharp({
      create: {
        width: 500,
        height: 400,
        channels: 4,
        background: { r: 0, g: 90, b: 0, alpha: 0.5 },
      },
    });
    for (const bytes of [
      await base.clone().png().toBuffer(),
      await base.clone().webp().toBuffer(),
      await base.clone().gif().toBuffer(),
    ]) {
      const image = await processListingImage(bytes);
      expect(image.variants.map((v) => v.width)).toEqual([320, 500]);
    }
    const png = await processListingImage(await base.clone().png().toBuffer());
    expect((await sharp(png.variants[0]!.bytes).metadata()).hasAlpha).toBe(true);
  });

  it("decides the type from the bytes: a text file named .jpg is not an image", async () => {
    const text = Buffer.from("hello".repeat(1000));
    await expectAppError(processListingImage(text), "IMAGE_NOT_IMAGE");
    // SVG is text too, and not accepted (scripts, external references).
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    await expectAppError(processListingImage(svg), "IMAGE_NOT_IMAGE");
    // A PDF is a real file type, just not an image we take.
    await expectAppError(processListingImage(Buffer.from("%PDF-1.7\n%âãÏÓ\n")), "IMAGE_NOT_IMAGE");
  });

  it("refuses more than 15 MB before looking at the bytes", async () => {
    // A valid JPEG start, so only the size can be the reason.
    const big = Buffer.alloc(20 * 1024 * 1024);
    (await gradientJpeg(64, 64)).copy(big);
    await expectAppError(processListingImage(big), "LISTING_IMAGE_TOO_LARGE");
    const justOver = Buffer.alloc(MAX_IMAGE_BYTES + 1);
    await expectAppError(processListingImage(justOver), "LISTING_IMAGE_TOO_LARGE");
  });

  it("refuses a decompression bomb quickly", async () => {
    const bomb = bombPng(30_000, 30_000); // 900 megapixels in a small file
    expect(bomb.byteLength).toBeLessThan(1024 * 1024);
    const started = performance.now();
    await expectAppError(processListingImage(bomb), "IMAGE_UNREADABLE");
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it("refuses a corrupt image with a real header", async () => {
    const jpeg = await gradientJpeg(400, 300);
    await expectAppError(processListingImage(jpeg.subarray(0, 600)), "IMAGE_UNREADABLE");
  });
});

describe("storeListingImages", () => {
  it("writes nothing when one file of the batch is bad", async () => {
    const listingId = randomUUID();
    const good = await gradientJpeg(1500, 1000);
    const bad = Buffer.from("hello".repeat(1000));
    await expectAppError(storeListingImages(storage, listingId, [good, bad]), "IMAGE_NOT_IMAGE");
    expect(filesUnder(path.join(dataDir, "media"))).toEqual([]);
  });

  it("deletes what it wrote when a later write fails", async () => {
    const listingId = randomUUID();
    const good = await gradientJpeg(1500, 1000);
    let puts = 0;
    const failing: MediaStorage = {
      ...storage,
      async put(key, bytes) {
        if (++puts === 5) throw new Error("disk full");
        await storage.put(key, bytes);
      },
    };
    await expect(storeListingImages(failing, listingId, [good, good])).rejects.toThrow("disk full");
    expect(filesUnder(path.join(dataDir, "media"))).toEqual([]);
  });

  it("keeps order (the first is the primary) and gives each image its own key", async () => {
    const listingId = randomUUID();
    const images = await storeListingImages(storage, listingId, [
      await gradientJpeg(300, 200),
      await gradientJpeg(700, 500),
    ]);
    expect(images.map((i) => i.width)).toEqual([300, 700]);
    expect(images[0]!.storageKey).not.toBe(images[1]!.storageKey);
    await storage.delete(images.flatMap(imageKeys));
    expect(filesUnder(path.join(dataDir, "media"))).toEqual([]);
  });

  it("refuses more than 10 files", async () => {
    const files = Array.from({ length: 11 }, () => Buffer.from("x"));
    await expectAppError(storeListingImages(storage, randomUUID(), files), "TOO_MANY_IMAGES");
  });
});

describe("local storage", () => {
  it("refuses keys that could leave the media folder", async () => {
    for (const key of [
      "../x.webp",
      "/etc/passwd",
      "a/../../b.webp",
      "listings//a.webp",
      "Listings/A.webp",
      "a.svg",
      "a.webp/",
      "",
    ]) {
      await expect(storage.put(key, Buffer.from("x")), key).rejects.toThrow("Invalid media key");
      expect(() => storage.urlFor(key), key).toThrow("Invalid media key");
    }
    // Deleting an invalid key is a no-op, never followed.
    const outside = path.join(dataDir, "b.webp");
    fs.writeFileSync(outside, "keep");
    await storage.delete(["../b.webp", "a/../../b.webp"]);
    expect(fs.existsSync(outside)).toBe(true);
  });

  it("writes whole files, overwrites by rename, and leaves no temp files", async () => {
    await storage.put("listings/x/a-320.webp", Buffer.from("one"));
    await storage.put("listings/x/a-320.webp", Buffer.from("two"));
    const dir = path.join(dataDir, "media", "listings", "x");
    expect(fs.readdirSync(dir)).toEqual(["a-320.webp"]);
    expect(fs.readFileSync(path.join(dir, "a-320.webp"), "utf8")).toBe("two");
    await storage.delete(["listings/x/a-320.webp", "listings/x/missing-640.webp"]);
    expect(fs.existsSync(dir)).toBe(false); // the emptied folder goes too
  });
});
