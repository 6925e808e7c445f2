import { describe, expect, it } from "vitest";
import { readFormData } from "./form-data.server";

const post = (body: BodyInit | null, type?: string) =>
  new Request("http://localhost/auth", {
    method: "POST",
    body,
    headers: type ? { "content-type": type } : {},
  });

async function status(request: Request) {
  try {
    await readFormData(request, "ar");
    return 200;
  } catch (error) {
    expect(error).toBeInstanceOf(Response);
    const res = error as Response;
    expect(await res.text()).toContain("تعذّرت قراءة هذا النموذج");
    return res.status;
  }
}

describe("readFormData", () => {
  it("reads url-encoded and multipart forms, and a bodiless empty form", async () => {
    const form = await readFormData(
      post("email=a%40b.sy&name=%D8%B3%D9%88%D9%82", "application/x-www-form-urlencoded"),
      "en",
    );
    expect(form.get("name")).toBe("سوق");
    const multipart = new FormData();
    multipart.set("title", "كيا ريو 🚗");
    expect(
      (await readFormData(new Request("http://l/", { method: "POST", body: multipart }), "en")).get(
        "title",
      ),
    ).toBe("كيا ريو 🚗");
    expect([...(await readFormData(post(null), "en")).keys()]).toEqual([]);
  });

  it("answers 400 in the reader's language for anything that is not a clean form", async () => {
    expect(await status(post('{"email":"a@b.sy"}', "application/json"))).toBe(400);
    expect(await status(post("email=a@b.sy", "text/plain"))).toBe(400);
    expect(await status(post("email=a@b.sy"))).toBe(400);
    expect(await status(post("--x\r\nbroken", "multipart/form-data; boundary=x"))).toBe(400);
    expect(await status(post("a=1", "multipart/form-data"))).toBe(400);
    expect(await status(post("name=a%00b", "application/x-www-form-urlencoded"))).toBe(400);
    expect(await status(post("na%00me=ab", "application/x-www-form-urlencoded"))).toBe(400);
  });
});
