import { useEffect, useState } from "react";

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
    const locale = document.documentElement.lang === "ar" ? "ar-SY" : "en-US";
    const sameDay = date.toDateString() === new Date().toDateString();
    try {
      setShown(
        new Intl.DateTimeFormat(
          locale,
          sameDay ? { timeStyle: "short" } : { dateStyle: "medium", timeStyle: "short" },
        ).format(date),
      );
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
