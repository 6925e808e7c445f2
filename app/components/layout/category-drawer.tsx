import { useId } from "react";
import { Link } from "react-router";
import { DialogClose, useModal } from "~/components/ui/dialog";
import { Icon } from "~/components/ui/icon";
import { useTranslation } from "~/i18n/react";
import { CategoryIcon } from "./category-icon";
import { InstallEntry } from "./install-entry";
import { useInstallOffer } from "./install-prompt";
import type { NavCategory } from "./nav-category";

interface CategoryDrawerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  categories: NavCategory[];
}

/**
 * The phone's category menu: a modal sheet from the reading-start side (left in English, right in
 * Arabic), 280 px wide and 320 px from the sm breakpoint.
 */
export function CategoryDrawer({ open, onOpenChange, categories }: CategoryDrawerProps) {
  const { t } = useTranslation();
  const ref = useModal(open, onOpenChange);
  const titleId = useId();
  const installOffered = useInstallOffer();
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      data-testid="category-drawer"
      className="fixed inset-y-0 start-0 m-0 h-dvh max-h-none w-[280px] max-w-none flex-col bg-white text-ink shadow-2xl open:flex backdrop:bg-slate-900/50 sm:w-[320px] md:hidden"
    >
      <div className="flex items-center justify-between border-b border-line px-4 py-3">
        <h2 id={titleId} className="text-lg font-semibold">
          {t("drawer.title")}
        </h2>
        <DialogClose
          className="rounded-full p-2 text-muted hover:bg-slate-100"
          aria-label={t("drawer.close")}
        >
          <Icon name="x" className="size-5" aria-hidden />
        </DialogClose>
      </div>
      <nav aria-label={t("categoryStrip.label")} className="flex-1 overflow-y-auto py-2">
        <ul>
          {categories.map((category) => (
            <li key={category.id}>
              <Link
                to={`/category/${category.slug}`}
                onClick={() => onOpenChange(false)}
                className="flex items-center gap-3 px-4 py-3 text-base font-medium hover:bg-brand-50"
              >
                <CategoryIcon slug={category.slug} className="size-5 text-brand-700" />
                <span className="flex-1">{category.name}</span>
                <Icon
                  name="chevron-right"
                  className="size-4 text-muted rtl:-scale-x-100"
                  aria-hidden
                />
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {installOffered ? <InstallEntry inDrawer onPrompt={() => onOpenChange(false)} /> : null}
    </dialog>
  );
}
