import { z } from "zod";
import { checkbox } from "~/utils/form-fields";

/** The settings page's notification choices: e-mail and push per kind. */
export const notificationSettingsSchema = z.object({
  messagesEmail: checkbox,
  alertsEmail: checkbox,
  favoritesEmail: checkbox,
  messagesPush: checkbox,
  alertsPush: checkbox,
  favoritesPush: checkbox,
});
