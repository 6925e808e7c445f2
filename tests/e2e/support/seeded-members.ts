/** The moderator account scripts/e2e-server.mjs creates in every e2e data dir. */
export const E2E_MODERATOR = {
  name: "Maha Moderator",
  email: "moderator@example.com",
  password: "Qasioun-Moderator-2026",
} as const;
