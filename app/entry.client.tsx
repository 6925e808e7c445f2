import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { loadCommonCatalog } from "./i18n/common-catalog";

// The page's shared texts, in its language only, before the first render needs them.
await loadCommonCatalog(document.documentElement.lang === "ar" ? "ar" : "en");

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
