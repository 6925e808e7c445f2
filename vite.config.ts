import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

// Chunks (issue 12): a page's first load is at most a dozen requests, so modules are grouped by
// who needs them instead of one shared file per shared module (once one file per icon).
const FRAMEWORK =
  /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]|^\0rolldown[\\/]runtime|vite[\\/]preload-helper/;
// The root's own code and what (nearly) every page uses: header, drawer, footer, menus, the
// translator, toasts' loader, page meta.
const SHELL_FILES =
  /[\\/]app[\\/](components[\\/](layout|ui)[\\/][^\\/]+\.tsx?$|i18n[\\/](?!locales)|utils[\\/](meta|nonce|same-origin-path)\.|components[\\/]favorites[\\/](merge-guest-favorites|guest-favorites)\.|components[\\/]notifications[\\/](push-opt-in|web-push-client)\.|domain[\\/]favorites[\\/]favorites-schemas\.|components[\\/]messaging[\\/]message-types\.)/;
// The event stream's client (messaging/live-client) is fetched after hydration, at the first
// listener, so it is in no group: it is a file of its own.
// Parts of the shell fetched on demand (React.lazy, onDemand): a member's menu (the "member"
// group below), the contact form, the footer's coming-soon note, every dialog, the error screen, the phone's category drawer, the merge of a
// guest's favourites into the account, the "Install Souqna" entry, the service worker's side.
const SHELL_LAZY =
  /[\\/]app[\\/]components[\\/](layout[\\/](member-menu|contact-support-dialog|contact-support|category-drawer|coming-soon-dialog|install-entry|service-worker)|ui[\\/]dialog|favorites[\\/]merge-guest-favorites)\./;

// Small form pieces several pages share (the "forms" group below). Field and city options live in
// components/ui beside the shell's pieces, but not every page draws a form: never in the shell.
const FORM_PIECES =
  /[\\/]app[\\/](components[\\/](ui[\\/](field|city-options)|listing[\\/](listing-error|owner-action-reply))|domain[\\/]moderation[\\/]moderation-limits|utils[\\/]form-reply)\./;

// The forms' kit: our hook over Conform, with Conform. Forms are fetched on demand (after the
// page is interactive), so this is in no page's first load; one file for every form.
const FORM_KIT =
  /[\\/]app[\\/]components[\\/]ui[\\/]form\.|node_modules[\\/]@conform-to[\\/](react|dom)[\\/]/;

// Pieces of components/ui that only a few pages draw (the in-page "Are you sure?" of the listing
// and conversation pages, the favourites' heart with its group below, the information pages'
// contents and notes): they come with those pages, never in the shell.
const PAGE_PIECES = /[\\/]app[\\/]components[\\/]ui[\\/](confirm-panel|article-parts)\./;

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
  build: {
    target: "es2022",
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // React, React DOM and React Router: one file that every page needs.
            { name: "framework", test: FRAMEWORK, priority: 30 },
            // The shell (its icons are in its modules): one file on every page instead of a
            // dozen small shared ones.
            {
              name: "shell",
              test: (id: string) =>
                SHELL_FILES.test(id) &&
                !SHELL_LAZY.test(id) &&
                !FORM_PIECES.test(id) &&
                !FORM_KIT.test(id) &&
                !PAGE_PIECES.test(id),
              priority: 20,
            },
            // A member's menu, unread badge and live hooks: fetched on demand by the header (for
            // members only) and with the message pages.
            {
              name: "member",
              test: /[\\/]app[\\/]components[\\/](layout[\\/]member-menu|messaging[\\/](unread-badge|use-live-messages))\./,
              priority: 15,
            },
            { name: "form-kit", test: FORM_KIT, priority: 15 },
            // The inbox and a conversation's messages with their times: the messages page and a
            // conversation show them together.
            {
              name: "messaging",
              test: /[\\/]app[\\/]components[\\/]messaging[\\/](inbox-list|message-list|local-time)\./,
              priority: 10,
            },
            // The heart button on its own: the listing page shows it without the cards.
            {
              name: "favorite-button",
              test: /[\\/]app[\\/]components[\\/]favorites[\\/]favorite-button\./,
              priority: 15,
            },
            // Result cards (listing, favourite) with their photo: home, search, categories,
            // favourites and profile show them together.
            {
              name: "cards",
              test: /[\\/]app[\\/]components[\\/](discovery[\\/]listing-card|cards[\\/]card-image|favorites[\\/]favorite-card)\./,
              priority: 10,
            },
            // Small form pieces several pages share: field alerts, the city list's options,
            // the listing pages' error screen, the moderation forms' limits, how a page picks
            // its form's reply (form-reply, owner-action-reply). Never a schema: schemas import
            // Zod, and this file is in the first load of every page with a form.
            {
              name: "forms",
              test: FORM_PIECES,
              priority: 10,
            },
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
