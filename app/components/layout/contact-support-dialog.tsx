import { type FormEvent, useState } from "react";
import { buttonStyles, inputStyles } from "~/components/ui/button-styles";
import { Dialog, DialogClose } from "~/components/ui/dialog";
import { toast } from "~/components/ui/toast";
import { useTranslation } from "~/i18n/react";
import { buildSupportMailto, validateContactForm } from "./contact-support";

interface ContactSupportDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  supportEmail: string;
}

/**
 * Opens the visitor's mail client with a prefilled message to the support address; there is
 * no server call (spec). Without JavaScript the trigger is a plain mailto link.
 */
export function ContactSupportDialog({
  open,
  onOpenChange,
  supportEmail,
}: ContactSupportDialogProps) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const result = validateContactForm({
      email: String(data.get("email") ?? ""),
      subject: String(data.get("subject") ?? ""),
      message: String(data.get("message") ?? ""),
    });
    if (!result.ok) {
      const message = t(result.error === "required" ? "contact.required" : "contact.invalidEmail");
      // Shown inside the dialog: a toast would sit behind the modal's backdrop.
      setError(message);
      return;
    }
    try {
      window.location.href = buildSupportMailto(
        supportEmail,
        result.value,
        t("contact.mailBodyFooter"),
      );
    } catch {
      setError(t("contact.failed"));
      return;
    }
    setError(null);
    toast.success(t("contact.sentTitle"), { description: t("contact.sentBody") });
    onOpenChange(false);
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setError(null);
        onOpenChange(next);
      }}
      title={t("contact.title")}
      description={t("contact.description")}
      testId="contact-dialog"
    >
      <form noValidate onSubmit={onSubmit} className="mt-4 space-y-4">
        {error ? (
          <p role="alert" className="rounded-xl bg-red-50 px-3 py-2 text-sm text-red-700">
            {error}
          </p>
        ) : null}
        <div>
          <label htmlFor="contact-email" className="mb-1 block text-sm font-medium">
            {t("contact.email")}
          </label>
          <input
            id="contact-email"
            name="email"
            type="email"
            dir="ltr"
            autoComplete="email"
            placeholder={t("contact.emailPlaceholder")}
            className={inputStyles}
            required
            maxLength={254}
          />
        </div>
        <div>
          <label htmlFor="contact-subject" className="mb-1 block text-sm font-medium">
            {t("contact.subject")}
          </label>
          <input
            id="contact-subject"
            name="subject"
            dir="auto"
            className={inputStyles}
            required
            maxLength={200}
          />
        </div>
        <div>
          <label htmlFor="contact-message" className="mb-1 block text-sm font-medium">
            {t("contact.message")}
          </label>
          <textarea
            id="contact-message"
            name="message"
            dir="auto"
            rows={5}
            className={inputStyles}
            required
            maxLength={4000}
          />
        </div>
        <div className="flex justify-end gap-2">
          <DialogClose className={buttonStyles.secondary}>{t("contact.cancel")}</DialogClose>
          <button type="submit" className={buttonStyles.primary}>
            {t("contact.send")}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
