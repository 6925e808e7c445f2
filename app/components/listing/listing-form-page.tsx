import { Suspense } from "react";
import { onDemand } from "~/components/ui/on-demand";
import type { ListingFormProps } from "./listing-form";

// The form (with Conform and its photo picker) is fetched after the page is interactive; the
// server draws it in place, and until its code arrives it is a plain form the action answers.
const ListingForm = onDemand(() => import("./listing-form").then((m) => m.ListingForm), {
  prefetch: true,
});

/** The ad form's page, for posting and for editing: its heading and the form. */
export function ListingFormPage({ title, ...form }: ListingFormProps & { title: string }) {
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      <h1 className="mb-6 text-2xl font-bold text-ink sm:text-3xl">{title}</h1>
      <Suspense fallback={null}>
        <ListingForm {...form} />
      </Suspense>
    </main>
  );
}
