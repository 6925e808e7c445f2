import { describe, expect, it } from "vitest";
import { getCarModels } from "~/db/reference-data/car-makes";
import { buildFormModel, readFormValues, storedToFormValues } from "./listing-form-model.server";

const byKey = (model: ReturnType<typeof buildFormModel>) =>
  Object.fromEntries(model.fields.map((field) => [field.key, field]));

describe("the listing form's category fields", () => {
  it("starts a category's required selects at their first option and required numbers at 0", () => {
    const fields = byKey(buildFormModel("en", { categoryId: "1" }));
    const make = fields.make?.options[0]?.value;
    expect(make).toBeTruthy();
    expect(fields.make?.initial).toBe(make);
    // The default make feeds the model list, whose first model is the default model.
    expect(fields.model?.waitsFor).toBeNull();
    expect(fields.model?.initial).toBe(getCarModels(make ?? "")[0]?.value);
    expect(fields.kilometers?.initial).toBe("0");
    expect(fields.regional_specs?.initial).toBe("");
  });

  it("does so once: fields already shown for this category keep what the member chose", () => {
    const model = buildFormModel("en", {
      categoryId: "1",
      fieldsFor: "1",
      "detail.make": "",
      "detail.kilometers": "",
    });
    expect(model.freshFields).toBe(false);
    for (const field of model.fields) expect(field.initial).toBeNull();
    expect(byKey(model).model?.waitsFor).toBe("make");
  });

  it("resets the details when the category changes", () => {
    const model = buildFormModel("ar", {
      categoryId: "4",
      fieldsFor: "1",
      "detail.condition": "used",
    });
    expect(model.freshFields).toBe(true);
    const condition = byKey(model).condition;
    expect(condition?.initial).toBe(condition?.options[0]?.value);
  });

  it("labels fields and options in the page's language", () => {
    const fields = byKey(buildFormModel("ar", { categoryId: "2", fieldsFor: "2" }));
    expect(fields.bedrooms?.label).toMatch(/[\u0600-\u06FF]/);
  });

  it("offers no fields without a postable category", () => {
    for (const categoryId of ["", "6", "8", "99", "<script>"]) {
      expect(buildFormModel("en", { categoryId }).fields).toEqual([]);
    }
  });

  it("reads only known and detail fields from a submitted form, and prefills an edit", () => {
    const form = new FormData();
    form.set("title", "Kia");
    form.set("fieldsFor", "1");
    form.set("detail.make", "kia");
    form.set("role", "admin");
    form.set(`detail.${"x".repeat(80)}`, "long name ignored");
    const values = readFormValues(form);
    expect(values).toMatchObject({ title: "Kia", fieldsFor: "1", "detail.make": "kia" });
    expect(values).not.toHaveProperty("role");
    expect(Object.keys(values).some((key) => key.length > 60)).toBe(false);
    const stored = storedToFormValues({
      title: "t",
      description: "d",
      price: 5,
      categoryId: 1,
      location: "damascus",
      details: { make: "kia", kilometers: 0 },
    });
    expect(stored).toMatchObject({ fieldsFor: "1", "detail.kilometers": "0" });
    expect(buildFormModel("en", stored).freshFields).toBe(false);
  });
});
