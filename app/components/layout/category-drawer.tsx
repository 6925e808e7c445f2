import * as RadixDialog from "@radix-ui/react-dialog";
import { ChevronRight, X } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { CategoryNode } from "~/domain/catalog/catalog-types";
import { CategoryIcon } from "./category-icon";
import { categoryName } from "./category-name";

interface CategoryDrawerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  categories: CategoryNode[];
}

/**
 * The phone's category menu: a sheet from the reading-start side (left in English, right in
 * Arabic), 280 px wide and 320 px from the sm breakpoint.
 */
export function CategoryDrawer({ open, onOpenChange, categories }: CategoryDrawerProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50 md:hidden" />
        <RadixDialog.Content
          data-testid="category-drawer"
          className="fixed inset-y-0 start-0 z-50 flex w-[280px] flex-col bg-white shadow-2xl focus:outline-none sm:w-[320px] md:hidden"
        >
          <div className="flex items-center justify-between border-b border-line px-4 py-3">
            <RadixDialog.Title className="text-lg font-semibold">
              {t("drawer.title")}
            </RadixDialog.Title>
            <RadixDialog.Close
              className="rounded-full p-2 text-muted hover:bg-slate-100"
              aria-label={t("drawer.close")}
            >
              <X className="size-5" aria-hidden />
            </RadixDialog.Close>
          </div>
          <RadixDialog.Description className="sr-only">
            {t("categoryStrip.label")}
          </RadixDialog.Description>
          <nav aria-label={t("drawer.title")} className="flex-1 overflow-y-auto py-2">
            <ul>
              {categories.map((category) => (
                <li key={category.id}>
                  <Link
                    to={`/category/${category.slug}`}
                    onClick={() => onOpenChange(false)}
                    className="flex items-center gap-3 px-4 py-3 text-base font-medium hover:bg-brand-50"
                  >
                    <CategoryIcon slug={category.slug} className="size-5 text-brand-700" />
                    <span className="flex-1">{categoryName(category, lang)}</span>
                    <ChevronRight className="size-4 text-muted rtl:-scale-x-100" aria-hidden />
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
