import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
  build: {
    target: "es2022",
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Icons used on three or more pages share one file, instead of one request per icon
            // (there were 49 scripts on the listing page); the rest go with their page.
            { name: "icons", test: /node_modules[\\/]lucide-react[\\/]/, minShareCount: 3 },
          ],
        },
      },
    },
  },
  ssr: {
    // Keep server-only native and database packages out of the SSR bundle so that the
    // Express process and the app share one copy (one PGlite instance per process).
    external: ["@electric-sql/pglite", "pg", "sharp", "drizzle-orm", "pino"],
  },
});
