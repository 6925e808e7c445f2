import { useEffect, useState } from "react";
import { Icon } from "~/components/ui/icon";
import { toast } from "~/components/ui/toast";

/** A notice as the root's loader sends it: its key and its texts in the page's language. */
export interface Flash {
  key: string;
  /** New for every notice: the same notice after a second action is shown again. */
  id: string;
  title: string;
  body: string;
}

/**
 * A one-time notice after a redirect. Without JavaScript it is a banner; with JavaScript it becomes
 * the usual toast and the banner goes away.
 */
export function FlashNotice({ flash: { key, id, title, body } }: { flash: Flash }) {
  const [asBanner, setAsBanner] = useState(true);
  useEffect(() => {
    toast.success(title, { description: body, id: `flash-${key}-${id}` });
    setAsBanner(false);
  }, [key, id, title, body]);
  if (!asBanner) return null;
  return (
    <div role="status" className="border-b border-brand-200 bg-brand-50" data-testid="flash">
      <div className="mx-auto flex max-w-7xl items-start gap-3 px-4 py-3 text-sm text-brand-900 sm:px-6">
        <Icon name="circle-check" className="mt-0.5 size-4 shrink-0" aria-hidden />
        <p className="flex-1">
          <span className="font-semibold">{title}</span> — {body}
        </p>
      </div>
    </div>
  );
}
