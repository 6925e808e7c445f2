import { mkdtempSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, type Page, type Request, test } from "@playwright/test";
import sharp from "sharp";
import { expectNoHorizontalScroll } from "../support/layout";

const shots = "tests/.artifacts/screenshots";

const texts = {
  en: {
    fullName: "Full Name",
    email: "Email",
    password: "Password",
    createAccount: "Create Account",
    adTitle: "Oak dining table with six chairs",
    adDescription: "Solid oak, seats six. Small scratch on one leg.",
    price: "2500000",
    empty: "No images selected yet. Drag and drop or click to select.",
    notImage: "Only image files are allowed",
    twoSelected: "2 new photos selected",
    oneSelected: "1 new photo selected",
    created: "Listing Created",
    updated: "Listing Updated",
    update: "Update Listing",
    totalAfterEdit: "(2 of 10 photos)",
  },
  ar: {
    fullName: "الاسم الكامل",
    email: "البريد الإلكتروني",
    password: "كلمة المرور",
    createAccount: "إنشاء الحساب",
    adTitle: "طاولة سفرة خشب بلوط مع ستة كراسي",
    adDescription: "خشب بلوط متين تتسع لستة أشخاص. خدش صغير في إحدى الأرجل.",
    price: "٢٥٠٠٠٠٠",
    empty: "لم يتم اختيار أي صور بعد. اسحب الصور وأفلتها أو انقر للاختيار.",
    notImage: "يُسمح بملفات الصور فقط",
    twoSelected: "تم اختيار صورتين جديدتين",
    oneSelected: "تم اختيار صورة جديدة واحدة",
    created: "تم إنشاء الإعلان",
    updated: "تم تحديث الإعلان",
    update: "تحديث الإعلان",
    totalAfterEdit: "(٢ من ١٠ صور)",
  },
} as const;

/** Small photos, a text file and a large noisy photo (several MB, 3000×2000), made for this run. */
async function makeFiles() {
  // Not under tests/.artifacts: a concurrent Playwright run may empty that folder.
  const dir = mkdtempSync(path.join(tmpdir(), "souqna-photos-"));
  const solid = (name: string, r: number, g: number, b: number) =>
    sharp({ create: { width: 640, height: 480, channels: 3, background: { r, g, b } } })
      .jpeg()
      .toFile(path.join(dir, name));
  await solid("red.jpg", 200, 40, 40);
  await solid("blue.jpg", 40, 60, 200);
  const width = 3000;
  const height = 2000;
  const noise = Buffer.alloc(width * height * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = Math.floor(Math.random() * 256);
  const large = path.join(dir, "large.jpg");
  await sharp(noise, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 92 })
    .toFile(large);
  const notes = path.join(dir, "notes.txt");
  writeFileSync(notes, "not a photo");
  return {
    red: path.join(dir, "red.jpg"),
    blue: path.join(dir, "blue.jpg"),
    large,
    largeBytes: statSync(large).size,
    notes,
  };
}

async function signUp(page: Page, lang: "en" | "ar", project: string) {
  const t = texts[lang];
  await page.goto(`/post-ad?lang=${lang}`);
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fpost-ad/);
  await page.getByTestId("tab-signup").click();
  const form = page.getByTestId("signup-form");
  await form.getByLabel(t.fullName).fill(lang === "ar" ? "سامر الحمصي" : "Samer Homsi");
  await form.getByLabel(t.email).fill(`photos-${lang}-${project}-${Date.now()}@example.com`);
  await form.getByLabel(t.password).fill("Olive-Tree-Aleppo-1");
  await form.getByRole("button", { name: t.createAccount }).click();
  await expect(page).toHaveURL(/\/post-ad/);
}

for (const lang of ["en", "ar"] as const) {
  test(`choose, compress and upload listing photos in ${lang}`, async ({ page }, info) => {
    test.setTimeout(120_000);
    const t = texts[lang];
    const files = await makeFiles();
    expect(files.largeBytes).toBeGreaterThan(1024 * 1024);
    const shot = async (name: string) => {
      await expectNoHorizontalScroll(page, `the photos' ${name} state`);
      await page.screenshot({
        path: `${shots}/${info.project.name}-${lang}-photos-${name}.png`,
        fullPage: true,
      });
    };
    // Records the photos each XMLHttpRequest sends (Playwright does not expose multipart bodies).
    await page.addInitScript(() => {
      const record = window as unknown as { sentImages: { name: string; size: number }[] };
      record.sentImages = [];
      const send = XMLHttpRequest.prototype.send;
      XMLHttpRequest.prototype.send = function (body) {
        if (body instanceof FormData) {
          for (const entry of [...body.getAll("photo"), ...body.getAll("images")]) {
            if (entry instanceof File)
              record.sentImages.push({ name: entry.name, size: entry.size });
          }
        }
        return send.call(this, body);
      };
    });
    const posts: Request[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") posts.push(request);
    });

    await signUp(page, lang, info.project.name);
    await page.goto("/post-ad");
    const form = page.locator('[data-testid="listing-form"][data-hydrated]');
    await expect(form).toBeVisible();
    const picker = form.getByTestId("image-picker");
    const input = picker.getByTestId("image-input");
    await expect(picker.getByTestId("image-empty")).toHaveText(t.empty);

    // A text file is refused, in the member's language.
    await input.setInputFiles(files.notes);
    await expect(picker.getByTestId("image-errors")).toHaveText(t.notImage);
    await expect(picker.getByTestId("image-preview")).toHaveCount(0);

    // Two photos: two previews and the count line.
    await input.setInputFiles([files.red, files.blue]);
    await expect(picker.getByTestId("image-preview")).toHaveCount(2);
    await expect(picker.getByTestId("image-errors")).toHaveCount(0);
    await expect(picker.getByTestId("image-count")).toContainText(t.twoSelected);
    await expect(picker.locator("img").first()).toHaveJSProperty("complete", true);

    // Choosing the category refreshes the form without uploading the photos, which stay chosen.
    await form.locator('select[name="categoryId"]').selectOption("5");
    await expect(form.locator('select[name="detail.condition"]')).toBeVisible();
    const refreshes = posts.filter((request) => !request.url().includes("/api/"));
    expect(refreshes.length).toBeGreaterThan(0);
    for (const request of refreshes) {
      expect(request.postDataBuffer()?.length ?? 0).toBeLessThan(20_000);
    }
    await expect(picker.getByTestId("image-preview")).toHaveCount(2);
    await picker.scrollIntoViewIfNeeded();
    await picker.screenshot({
      path: `${shots}/${info.project.name}-${lang}-photos-picker.png`,
    });

    // Remove one; add the large photo, which is compressed before it is sent.
    await picker.getByTestId("image-remove").first().click();
    await expect(picker.getByTestId("image-preview")).toHaveCount(1);
    await expect(picker.getByTestId("image-count")).toContainText(t.oneSelected);
    await input.setInputFiles(files.large);
    await expect(picker.getByTestId("image-preview")).toHaveCount(2);

    await form.locator('[name="title"]').fill(t.adTitle);
    await form.locator('[name="description"]').fill(t.adDescription);
    await form.locator('[name="price"]').fill(t.price);
    await form.locator('select[name="location"]').selectOption("damascus");
    for (const name of ["detail.type", "detail.condition"]) {
      const select = form.locator(`select[name="${name}"]`);
      if ((await select.inputValue()) === "") await select.selectOption({ index: 1 });
    }
    // Each photo went up on its own as soon as it was chosen; the save only names them.
    const staged = picker.locator('[data-testid="photo-upload"][data-status="staged"]');
    await expect(staged).toHaveCount(2, { timeout: 30_000 });
    const upload = page.waitForRequest((request) => request.url().endsWith("/api/listings"));
    await page.getByTestId("listing-submit").click();
    const save = await upload;
    expect(save.postDataBuffer()?.length ?? Infinity).toBeLessThan(20_000);
    // The photos sent (recorded by the init script): the large one was compressed, the small not.
    const sentImages = await page.evaluate(
      () => (window as unknown as { sentImages: { name: string; size: number }[] }).sentImages,
    );
    // Once each (a photo is never sent twice when nothing failed); the red one maybe, if it went
    // before it was removed.
    const names = sentImages.map((image) => image.name).filter((name) => name !== "red.jpg");
    expect(names).toHaveLength(2);
    const small = sentImages.find((image) => image.name === "blue.jpg");
    const compressed = sentImages.find((image) => image.name.startsWith("large."));
    expect(small?.size).toBe(statSync(files.blue).size);
    expect(compressed?.name).toMatch(/^large\.(webp|jpg)$/);
    expect(compressed?.size ?? Infinity).toBeLessThan(files.largeBytes * 0.9);
    // The server makes three sizes of each photo: on a busy machine that takes a while.
    await expect(page).toHaveURL(/\/listing\/[0-9a-f-]{36}$/, { timeout: 30_000 });

    await expect(page.getByText(t.created).first()).toBeVisible();
    const gallery = page.getByTestId("listing-gallery");
    const first = gallery.locator("img").first();
    await expect(first).toHaveAttribute("srcset", /\/media\/staged\/.+ \d+w/);
    const src = await first.getAttribute("src");
    expect(src).toBeTruthy();
    const stored = await page.request.get(src ?? "");
    expect(stored.status()).toBe(200);
    expect(stored.headers()["content-type"]).toContain("image/");
    await shot("gallery");

    // Edit: remove one current photo, add a new one; the count includes the photo kept.
    if (lang === "en" && info.project.name === "desktop") {
      await page.getByTestId("owner-edit").click();
      const edit = page.locator('[data-testid="listing-form"][data-hydrated]');
      await expect(edit).toBeVisible();
      await expect(edit.locator('input[name="removedImageIds"]')).toHaveCount(2);
      await edit.locator('input[name="removedImageIds"]').first().check();
      await edit.getByTestId("image-input").setInputFiles(files.blue);
      await expect(edit.getByTestId("image-count")).toContainText(t.totalAfterEdit);
      await page.getByRole("button", { name: t.update }).click();
      await expect(page).toHaveURL(/\/listing\/[0-9a-f-]{36}$/, { timeout: 30_000 });
      await expect(page.getByText(t.updated).first()).toBeVisible();
    }
  });
}
