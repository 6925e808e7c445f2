import { useEffect, useState } from "react";
import { formatDateTime } from "~/i18n/format";

/**
 * A time the server wrote in Syria's time zone; once in the browser, in the reader's own zone and
 * language (the page's `lang`). Same text on the server and at hydration, so nothing mismatches.
 */
export function LocalTime({
  iso,
  text,
  className,
}: {
  iso: string;
  text: string;
  className?: string;
}) {
  const [shown, setShown] = useState(text);
  useEffect(() => {
    const date = new Date(iso);
    const lang = document.documentElement.lang === "ar" ? "ar" : "en";
    const sameDay = date.toDateString() === new Date().toDateString();
    try {
      setShown(formatDateTime(lang, date, { timeOnly: sameDay }));
    } catch {
      setShown(text);
    }
  }, [iso, text]);
  return (
    <time dateTime={iso} className={className}>
      {shown}
    </time>
  );
}
