import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { queryStatsStorage } from "~/db/query-stats.server";
import { profiles, users } from "~/db/schema";
import type { AppErrorCode } from "~/utils/app-error";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { getProfile } from "./get-profile.server";
import { type ProfileInput, updateProfile } from "./update-profile.server";

let database: TestDatabase;
let dataDir: string;
const avatarsDir = () => path.join(dataDir, "media", "avatars");
const avatarFiles = () => (fs.existsSync(avatarsDir()) ? fs.readdirSync(avatarsDir()).sort() : []);

const RANIA = "member-rania";
const SAMER = "member-samer";
const valid: ProfileInput = {
  fullName: "Rania Haddad",
  username: "",
  location: "",
  phoneNumber: "",
};

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "souqna-avatars-"));
  await database.db.insert(users).values([
    { id: RANIA, name: "Rania", email: "rania@example.com" },
    { id: SAMER, name: "سامر", email: "samer@example.com", emailVerified: true },
  ]);
});

afterAll(async () => {
  await database?.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function snapshot(memberId = RANIA) {
  const [user] = await database.db.select().from(users).where(eq(users.id, memberId));
  const [profile] = await database.db.select().from(profiles).where(eq(profiles.id, memberId));
  return { user, profile, files: avatarFiles() };
}

function save(
  input: Partial<ProfileInput>,
  extra: { memberId?: string; avatar?: Uint8Array } = {},
) {
  return updateProfile({
    db: database.db,
    memberId: extra.memberId ?? RANIA,
    input: { ...valid, ...input },
    avatar: extra.avatar ? { bytes: extra.avatar } : undefined,
    dataDir,
  });
}

/** The profile form's field each failure is shown under (the error carries it). */
const fieldOf: Partial<Record<AppErrorCode, string>> = {
  NAME_REQUIRED: "fullName",
  NAME_TOO_LONG: "fullName",
  USERNAME_INVALID: "username",
  USERNAME_TAKEN: "username",
  LOCATION_INVALID: "location",
  PHONE_INVALID: "phoneNumber",
  IMAGE_NOT_IMAGE: "avatar",
  IMAGE_TOO_LARGE: "avatar",
  IMAGE_UNREADABLE: "avatar",
};

/**
 * Expects the save to fail with `code`, named for its field, and to leave the member's rows and
 * the avatar folder untouched.
 */
async function expectRejected(promise: () => Promise<unknown>, code: AppErrorCode) {
  const before = await snapshot();
  await expect(promise()).rejects.toMatchObject({ name: "AppError", code, field: fieldOf[code] });
  expect(await snapshot()).toEqual(before);
}

function png(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: { r: 4, g: 120, b: 88 } } })
    .png()
    .toBuffer();
}

describe("getProfile", () => {
  it("creates a missing profile from the account, once", async () => {
    const first = await getProfile({ db: database.db, memberId: SAMER, lang: "ar" });
    expect(first).toMatchObject({
      id: SAMER,
      email: "samer@example.com",
      fullName: "سامر",
      username: null,
      emailVerified: true,
      preferredLanguage: "ar",
      image: null,
    });
    expect(first.createdAt).toBeInstanceOf(Date);
    // Once it exists, reading it is one statement (the settings page's budget counts on it).
    const stats = { count: 0 };
    const again = await queryStatsStorage.run(stats, () =>
      getProfile({ db: database.db, memberId: SAMER }),
    );
    expect(again.preferredLanguage).toBe("ar");
    expect(stats.count).toBe(1);
  });

  it("is NOT_FOUND for an unknown member", async () => {
    await expect(getProfile({ db: database.db, memberId: "nobody" })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });
});

describe("updateProfile", () => {
  beforeEach(async () => {
    await save(valid);
  });

  it("saves a valid profile and renames the account", async () => {
    await save({
      fullName: "  Rania \n  Haddad  ",
      username: "  @Rania_H ",
      location: "aleppo",
      phoneNumber: "٠٩٤٤ ١٢٣ ٤٥٦",
    });
    const { user, profile } = await snapshot();
    expect(user?.name).toBe("Rania Haddad");
    expect(profile).toMatchObject({
      fullName: "Rania Haddad",
      username: "rania_h",
      location: "aleppo",
      phoneNumber: "+963944123456",
    });
    const shown = await getProfile({ db: database.db, memberId: RANIA });
    expect(shown).toMatchObject({
      fullName: "Rania Haddad",
      username: "rania_h",
      name: "Rania Haddad",
    });
  });

  it("clears the optional fields when they are left empty", async () => {
    await save({ username: "rania", location: "homs", phoneNumber: "0944123456" });
    await save({ username: " ", location: "", phoneNumber: "" });
    const { profile } = await snapshot();
    expect(profile).toMatchObject({ username: null, location: null, phoneNumber: null });
  });

  it("stores international numbers as E.164", async () => {
    await save({ phoneNumber: "0049 151 2345 6789" });
    expect((await snapshot()).profile?.phoneNumber).toBe("+4915123456789");
    await save({ phoneNumber: "+90 532 123 45 67" });
    expect((await snapshot()).profile?.phoneNumber).toBe("+905321234567");
  });

  it("keeps an Arabic name and strips direction overrides from it", async () => {
    await save({ fullName: "رانيا\u202e حداد" });
    expect((await snapshot()).profile?.fullName).toBe("رانيا حداد");
    await save({ fullName: "ر".repeat(100) });
    expect((await snapshot()).user?.name).toBe("ر".repeat(100));
  });

  it("requires a full name of at most 100 characters", async () => {
    await expectRejected(() => save({ fullName: "" }), "NAME_REQUIRED");
    await expectRejected(() => save({ fullName: "   \u202e " }), "NAME_REQUIRED");
    await expectRejected(() => save({ fullName: "a".repeat(101) }), "NAME_TOO_LONG");
  });

  it.each([
    ["رانيا", "Arabic letters"],
    ["rania😀", "emoji"],
    ["ra", "too short"],
    ["r".repeat(31), "too long"],
    ["rania-h", "a dash"],
    ["rania h", "a space"],
    ["rania.h", "a dot"],
    ["<script>", "markup"],
  ])("refuses the username %j (%s)", async (username) => {
    await expectRejected(() => save({ username }), "USERNAME_INVALID");
  });

  it("lower-cases a username", async () => {
    await save({ username: "RANIA_2026" });
    expect((await snapshot()).profile?.username).toBe("rania_2026");
  });

  it("refuses a username another member has, in any case, but keeps one's own", async () => {
    await save({ fullName: "Samer", username: "samer" }, { memberId: SAMER });
    await expectRejected(() => save({ username: "samer" }), "USERNAME_TAKEN");
    await expectRejected(() => save({ username: "SAMER" }), "USERNAME_TAKEN");
    await save({ fullName: "Samer Ali", username: "samer" }, { memberId: SAMER });
    expect((await snapshot(SAMER)).profile?.fullName).toBe("Samer Ali");
  });

  it("gives one username to only one of two members saving at the same moment", async () => {
    const avatar = await png(64, 64);
    await save({ fullName: "Samer", username: "" }, { memberId: SAMER });
    const results = await Promise.allSettled([
      save({ username: "race_winner" }, { avatar }),
      save({ fullName: "Samer", username: "race_winner" }, { memberId: SAMER, avatar }),
    ]);
    const rejected = results.filter((r) => r.status === "rejected");
    expect(rejected).toHaveLength(1);
    expect((rejected[0] as PromiseRejectedResult).reason).toMatchObject({ code: "USERNAME_TAKEN" });
    // The loser's avatar file is not left behind.
    const keys = (await database.db.select({ key: profiles.avatarKey }).from(profiles))
      .map((row) => row.key?.replace("avatars/", ""))
      .filter(Boolean)
      .sort();
    expect(avatarFiles()).toEqual(keys);
  });

  it.each(["atlantis", "../../etc", "../../etc/passwd", "Aleppo", "damascus'--", "__proto__"])(
    "refuses the location %j",
    async (location) => {
      await expectRejected(() => save({ location }), "LOCATION_INVALID");
    },
  );

  it.each(["abc", "123", "+963 944 123 456 789", "' OR 1=1 --"])(
    "refuses the phone number %j",
    async (phoneNumber) => {
      await expectRejected(() => save({ phoneNumber }), "PHONE_INVALID");
    },
  );

  describe("avatar", () => {
    it("is stored as a 256×256 WebP without metadata, and replacing it removes the old file", async () => {
      const photo = await sharp({
        create: { width: 640, height: 480, channels: 3, background: "#2563eb" },
      })
        .jpeg()
        .withExif({ IFD0: { Copyright: "Rania", ImageDescription: "home" } })
        .toBuffer();
      expect((await sharp(photo).metadata()).exif).toBeDefined();

      const { image } = await save({}, { avatar: photo });
      const first = await snapshot();
      expect(image).toMatch(/^\/media\/avatars\/[0-9a-f-]{36}\.webp$/);
      expect(first.user?.image).toBe(image);
      expect(first.profile?.avatarKey).toBe(image?.replace("/media/", ""));
      const file = path.join(dataDir, image ?? "");
      const meta = await sharp(file).metadata();
      expect(meta).toMatchObject({ format: "webp", width: 256, height: 256 });
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();

      const second = await save({}, { avatar: await png(300, 900) });
      expect(fs.existsSync(file)).toBe(false);
      expect(fs.existsSync(path.join(dataDir, second.image ?? ""))).toBe(true);
      expect(avatarFiles()).toContain(path.basename(second.image ?? ""));
      expect(avatarFiles()).not.toContain(path.basename(file));

      // Saving other fields later keeps the picture.
      await save({ fullName: "Rania H" });
      expect((await snapshot()).user?.image).toBe(second.image);
    });

    it("refuses an image over 2 MB", async () => {
      const big = await sharp({
        create: {
          width: 1100,
          height: 1000,
          channels: 3,
          background: "#000",
          noise: { type: "gaussian", mean: 128, sigma: 60 },
        },
      })
        .png({ compressionLevel: 0 })
        .toBuffer();
      expect(big.byteLength).toBeGreaterThan(3 * 1024 * 1024);
      await expectRejected(() => save({ fullName: "Changed" }, { avatar: big }), "IMAGE_TOO_LARGE");
    });

    it("refuses a file that is not an image, whatever its name", async () => {
      const text = new TextEncoder().encode("hello, this is a text file named avatar.png\n");
      await expectRejected(
        () => save({ fullName: "Changed" }, { avatar: text }),
        "IMAGE_NOT_IMAGE",
      );
      const svg = new TextEncoder().encode(
        '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      );
      await expectRejected(() => save({}, { avatar: svg }), "IMAGE_NOT_IMAGE");
      const pdf = new TextEncoder().encode("%PDF-1.7\n1 0 obj\n<<>>\nendobj\n");
      await expectRejected(() => save({}, { avatar: pdf }), "IMAGE_NOT_IMAGE");
      await expectRejected(() => save({}, { avatar: new Uint8Array() }), "IMAGE_NOT_IMAGE");
    });

    it("refuses a corrupt image", async () => {
      const truncated = (await png(200, 200)).subarray(0, 60);
      await expectRejected(
        () => save({ fullName: "Changed" }, { avatar: truncated }),
        "IMAGE_UNREADABLE",
      );
    });

    it("refuses a small file that decodes to a huge number of pixels", async () => {
      const bomb = await sharp({
        create: { width: 20_000, height: 20_000, channels: 3, background: "#fff" },
        limitInputPixels: false,
      })
        .png({ compressionLevel: 9 })
        .toBuffer();
      expect(bomb.byteLength).toBeLessThan(2 * 1024 * 1024);
      await expectRejected(
        () => save({ fullName: "Changed" }, { avatar: bomb }),
        "IMAGE_UNREADABLE",
      );
    });

    it("removes the new file when the rows cannot be saved", async () => {
      // The unique index firing after the early check passed (another member won the race).
      const failing = Object.create(database.db) as typeof database.db;
      failing.transaction = async () => {
        throw Object.assign(new Error("Failed query"), {
          cause: Object.assign(new Error("duplicate key"), {
            code: "23505",
            constraint: "profiles_username_key",
          }),
        });
      };
      const avatar = await png(100, 100);
      const attempt = () =>
        updateProfile({
          db: failing,
          memberId: RANIA,
          input: { ...valid, username: "late" },
          avatar: { bytes: avatar },
          dataDir,
        });
      await expectRejected(attempt, "USERNAME_TAKEN");

      failing.transaction = async () => {
        throw new Error("connection lost");
      };
      const before = await snapshot();
      await expect(attempt()).rejects.toThrow("connection lost");
      expect(await snapshot()).toEqual(before);
    });

    it("leaves the profile as it was when the rest of the form is invalid", async () => {
      await expectRejected(
        () => save({ username: "x" }, { avatar: new Uint8Array(10) }),
        "USERNAME_INVALID",
      );
    });
  });
});
