import { type ReactNode, useEffect, useId, useRef } from "react";
import { Icon } from "~/components/ui/icon";
import { useTranslation } from "~/i18n/react";

interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  testId?: string;
  /** Extra classes for the <dialog>: where it sits and how wide it is. */
  className?: string;
}

/**
 * The browser's own modal <dialog>: focus is trapped, Escape closes it and the page behind is
 * inert — with no library code to download. A click on the backdrop closes it too.
 */
export function useModal(open: boolean, onOpenChange: (open: boolean) => void) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const onClose = () => onOpenChange(false);
    const onClick = (event: MouseEvent) => {
      if (event.target === dialog) dialog.close();
    };
    dialog.addEventListener("close", onClose);
    dialog.addEventListener("click", onClick);
    return () => {
      dialog.removeEventListener("close", onClose);
      dialog.removeEventListener("click", onClick);
    };
  }, [onOpenChange]);
  return ref;
}

export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  testId,
  className,
}: DialogProps) {
  const { t } = useTranslation();
  const ref = useModal(open, onOpenChange);
  const titleId = useId();
  const descriptionId = useId();
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      data-testid={testId}
      className={
        className ??
        "m-auto max-h-[90vh] w-[calc(100%-2rem)] max-w-md overflow-y-auto rounded-2xl bg-white p-6 text-ink shadow-xl backdrop:bg-slate-900/50"
      }
    >
      <div className="flex items-start justify-between gap-4">
        <h2 id={titleId} className="text-lg font-semibold text-ink">
          {title}
        </h2>
        <DialogClose
          className="-me-2 -mt-2 rounded-full p-2 text-muted hover:bg-slate-100 hover:text-ink"
          aria-label={t("close")}
        >
          <Icon name="x" className="size-5" aria-hidden />
        </DialogClose>
      </div>
      {description ? (
        <p id={descriptionId} className="mt-2 text-sm leading-relaxed text-muted">
          {description}
        </p>
      ) : null}
      {open ? children : null}
    </dialog>
  );
}

/** A button that closes the dialog it sits in. */
export function DialogClose({ children, ...props }: React.ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button
      type="button"
      {...props}
      onClick={(event) => event.currentTarget.closest("dialog")?.close()}
    >
      {children}
    </button>
  );
}
