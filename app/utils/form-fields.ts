import { z } from "zod";

/** A checkbox: "on" when ticked, absent when not; anything else is not a checkbox's answer. */
export const checkbox = z
  .literal("on", { error: "INVALID_REQUEST" })
  .optional()
  .transform((value) => value === "on");
