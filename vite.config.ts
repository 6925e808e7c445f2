import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

// Chunks (decision 029): a page's first load is at most a dozen requests, so our modules are
// grouped by who needs them instead of one shared file per shared module. Each group names its
// modules by their path under app/ — a folder ends in "/", a file is named without its extension —
// and the first-load budget tests (tests/budgets) are the guard when a module moves.

/** A chunk group's test: our modules at these paths under app/. */
function appModules(...paths: string[]) {
  return (id: string) => {
    const unix = id.replaceAll("\\", "/");
    const at = unix.lastIndexOf("/app/");
    if (at === -1 || unix.includes("/node_modules/")) return false;
    const file = unix.slice(at + "/app/".length);
    const module = file.replace(/\.[^./]+$/, "");
    return paths.some((entry) =>
      entry.endsWith("/")
        ? file.startsWith(entry) && !file.slice(entry.length).includes("/") && /\.tsx?$/.test(file)
        : module === entry,
    );
  };
}

/** Packages by name (node_modules/<name>/). */
const packages = (...names: string[]) => {
  const test = new RegExp(`node_modules[\\\\/](${names.join("|")})[\\\\/]`);
  return (id: string) => test.test(id);
};

// React, React DOM and React Router, with rolldown's runtime helpers: one file every page needs.
const framework = (id: string) =>
  packages("react", "react-dom", "scheduler", "react-router", "cookie", "set-cookie-parser")(id) ||
  id.startsWith("\0rolldown/runtime") ||
  id.includes("vite/preload-helper");

// The root's own code and what (nearly) every page uses: header, drawer, footer, menus, the
// translator, toasts' loader, page meta, the cards' frame and the icon.
const inShell = appModules(
  "components/layout/",
  "components/ui/",
  "i18n/",
  "utils/meta",
  "utils/nonce",
  "utils/same-origin-path",
  "components/favorites/guest-favorites",
  "components/notifications/push-opt-in",
  "components/notifications/web-push-client",
  "domain/favorites/favorites-schemas",
  "views/messaging/message-types",
);
// ...but not what the shell fetches on demand (React.lazy, onDemand): a member's menu (the
// "member" group), the contact form, the footer's coming-soon note, every dialog, the phone's
// category drawer, the "Install Souqna" entry, the service worker's side, the merge of a guest's
// favourites; nor the pieces only some pages draw: the forms' kit and pieces (groups below), the
// in-page "Are you sure?" of the listing and conversation pages, the information pages' parts,
// the photo uploads of the listing form and the message composer (fetched with them).
const notInShell = appModules(
  "components/layout/member-menu",
  "components/layout/contact-support-dialog",
  "components/layout/contact-support",
  "components/layout/category-drawer",
  "components/layout/coming-soon-dialog",
  "components/layout/install-entry",
  "components/layout/service-worker",
  "components/ui/dialog",
  "components/ui/form",
  "components/ui/field",
  "components/ui/city-options",
  "components/ui/confirm-panel",
  "components/ui/article-parts",
  "components/ui/uploads",
  "components/ui/compress-image",
);
// The event stream's client (messaging/live-client) is fetched after hydration, at the first
// listener, so it is in no group: it is a file of its own.

// Small form pieces several pages share: field alerts, the city list's options, the listing
// pages' error screen, the moderation forms' limits, how a page picks its form's reply. Never a
// schema: schemas import Zod, and this file is in the first load of every page with a form.
const formPieces = appModules(
  "components/ui/field",
  "components/ui/city-options",
  "components/listing/listing-error",
  "components/listing/owner-action-reply",
  "domain/moderation/moderation-limits",
  "utils/form-reply",
);

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
  build: {
    target: "es2022",
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: "framework", test: framework, priority: 30 },
            { name: "shell", test: (id: string) => inShell(id) && !notInShell(id), priority: 20 },
            // A member's menu, unread badge and live hooks: fetched on demand by the header (for
            // members only) and with the message pages.
            {
              name: "member",
              test: appModules(
                "components/layout/member-menu",
                "components/messaging/unread-badge",
                "components/messaging/use-live-messages",
              ),
              priority: 15,
            },
            // The forms' kit: our hook over Conform, with Conform. Forms are fetched on demand
            // (after the page is interactive), so this is in no page's first load.
            {
              name: "form-kit",
              test: (id: string) =>
                appModules("components/ui/form")(id) ||
                packages("@conform-to/react", "@conform-to/dom")(id),
              priority: 15,
            },
            // The heart button on its own: the listing page shows it without the cards.
            {
              name: "favorite-button",
              test: appModules("components/favorites/favorite-button"),
              priority: 15,
            },
            // The inbox and a conversation's messages with their times: the messages page and a
            // conversation show them together.
            {
              name: "messaging",
              test: appModules(
                "components/messaging/inbox-list",
                "components/messaging/message-list",
                "components/messaging/local-time",
              ),
              priority: 10,
            },
            // Result cards (listing, favourite) with their photo: home, search, categories,
            // favourites and profile show them together.
            {
              name: "cards",
              test: appModules(
                "components/discovery/listing-card",
                "components/cards/card-image",
                "components/favorites/favorite-card",
              ),
              priority: 10,
            },
            { name: "forms", test: formPieces, priority: 10 },
          ],
        },
      },
    },
  },
  environments: {
    // The server build is the whole server (decision 018): Express, the database, the domain and
    // the React Router build in one bundle, so each module exists once and runs on plain node.
    // Vite's environment API (react-router.config.ts): the server's input is its environment's.
    // @react-router/dev reads `rollupOptions.input` (Vite's alias of rolldownOptions) and sets
    // its own virtual server build where that is missing.
    ssr: { build: { rollupOptions: { input: "server/index.ts" } } },
  },
  ssr: {
    // Native and database packages are loaded from node_modules, never bundled (sharp's and
    // PGlite's files sit beside their code).
    external: ["@electric-sql/pglite", "pg", "sharp", "drizzle-orm", "pino"],
  },
});
