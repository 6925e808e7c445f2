import { z } from "zod";

/** A checkbox: "on" when ticked, absent when not; anything else is not a checkbox's answer. */
const checkbox = z
  .literal("on", { error: "INVALID_REQUEST" })
  .optional()
  .transform((value) => value === "on");

/** The settings page's notification choices: e-mail and push per kind. */
export const notificationSettingsSchema = z.object({
  messagesEmail: checkbox,
  alertsEmail: checkbox,
  favoritesEmail: checkbox,
  messagesPush: checkbox,
  alertsPush: checkbox,
  favoritesPush: checkbox,
});
