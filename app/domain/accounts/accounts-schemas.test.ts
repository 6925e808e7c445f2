import { describe, expect, it } from "vitest";
import { parseSubmission } from "~/utils/form-submission";
import { AVATAR_MAX_BYTES, NAME_MAX } from "./accounts-limits";
import { deleteAccountSchema, languageSchema, profileSchema } from "./accounts-schemas";

/** The form as a browser sends it; messages stay keys (the catalog's), as the schema writes them. */
function parse(
  schema: Parameters<typeof parseSubmission>[1],
  fields: Record<string, string | File>,
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return parseSubmission(form, schema, (key) => key);
}

/** Each invalid field's messages, none when the form is valid. */
function errorsOf(
  schema: Parameters<typeof parseSubmission>[1],
  fields: Record<string, string | File>,
) {
  const result = parse(schema, fields);
  return result.status === "error" ? result.error : undefined;
}

const profile = { fullName: "Rania Haddad", username: "", location: "", phoneNumber: "" };

describe("the profile form's schema (browser and action)", () => {
  it("takes a handle as people type it, and the number in any digits", () => {
    const result = parse(profileSchema, {
      ...profile,
      username: " @Rania_H ",
      phoneNumber: "٠٩٤٤ ١٢٣ ٤٥٦",
    });
    expect(result.status).toBe("success");
    expect(result.status === "success" && result.value).toMatchObject({
      fullName: "Rania Haddad",
      username: "rania_h",
    });
  });

  it("names the field of each mistake, with the domain's own messages", () => {
    const errors = errorsOf(profileSchema, {
      fullName: " \u202e ",
      username: "no spaces",
      location: "",
      phoneNumber: "call me",
      avatar: new File([new Uint8Array(AVATAR_MAX_BYTES + 1)], "big.png", { type: "image/png" }),
    });
    expect(errors).toEqual({
      fullName: ["NAME_REQUIRED"],
      username: ["USERNAME_INVALID"],
      phoneNumber: ["PHONE_INVALID"],
      avatar: ["IMAGE_TOO_LARGE"],
    });
  });

  it("counts a name's letters, not its UTF-16 units, like the domain", () => {
    const camels = "🐪".repeat(NAME_MAX);
    expect(parse(profileSchema, { ...profile, fullName: camels }).status).toBe("success");
    expect(errorsOf(profileSchema, { ...profile, fullName: `${camels}x` })).toEqual({
      fullName: ["NAME_TOO_LONG"],
    });
  });
});

describe("the settings forms' schemas", () => {
  it("asks for the password and the ticked box before deleting", () => {
    expect(errorsOf(deleteAccountSchema, { password: "" })).toEqual({
      password: ["required"],
      confirm: ["deleteNotConfirmed"],
    });
    expect(parse(deleteAccountSchema, { password: "x", confirm: "yes" }).status).toBe("success");
  });

  it("takes only a language the site speaks", () => {
    expect(errorsOf(languageSchema, { language: "fr" })).toEqual({
      language: ["languageInvalid"],
    });
    expect(parse(languageSchema, { language: "ar" }).status).toBe("success");
  });
});
