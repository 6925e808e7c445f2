import type { ReactNode } from "react";
import { Icon, type IconName } from "./icon";

/*
 * Pieces of the long information pages (about, safety tips, terms): their table of contents and
 * their highlighted notes.
 */

export interface ContentsEntry {
  id: string;
  number: string;
  title: string;
}

/** "On this page": numbered links to the page's sections, two columns from tablets up. */
export function TableOfContents({
  id,
  title,
  sections,
}: {
  id: string;
  title: string;
  sections: readonly ContentsEntry[];
}) {
  return (
    <nav aria-labelledby={id} className="mt-8 rounded-2xl border border-line bg-white p-5">
      <h2 id={id} className="text-sm font-semibold uppercase tracking-wide text-muted">
        {title}
      </h2>
      <ol className="mt-3 grid gap-x-6 gap-y-2 sm:grid-cols-2">
        {sections.map((section) => (
          <li key={section.id}>
            <a
              href={`#${section.id}`}
              className="group inline-flex items-baseline gap-2 text-brand-700 hover:text-brand-900"
            >
              <span aria-hidden="true" className="text-sm font-semibold text-muted">
                {section.number}
              </span>
              <span className="underline-offset-4 group-hover:underline">{section.title}</span>
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}

const tones = {
  brand: {
    box: "border-s-4 border-brand-600 bg-brand-50",
    icon: "text-brand-700",
    title: "text-brand-900",
    body: "text-ink",
  },
  warning: {
    box: "border border-amber-200 bg-amber-50",
    icon: "text-amber-700",
    title: "text-amber-900",
    body: "text-amber-950",
  },
};

/** A highlighted note with its icon: a section (`as="section"`) or an aside. */
export function ArticleNote({
  id,
  as: Tag = "aside",
  tone,
  icon,
  title,
  className = "mt-8",
  children,
}: {
  id: string;
  as?: "aside" | "section";
  /** Its margin above. */
  className?: string;
  tone: keyof typeof tones;
  icon: IconName;
  title: string;
  children: ReactNode;
}) {
  const style = tones[tone];
  return (
    <Tag
      id={id}
      aria-labelledby={`${id}-title`}
      className={`${className} flex scroll-mt-24 gap-4 rounded-2xl p-5 ${style.box}`}
    >
      <Icon name={icon} aria-hidden="true" className={`mt-0.5 size-6 shrink-0 ${style.icon}`} />
      <div>
        <h2 id={`${id}-title`} className={`font-semibold ${style.title}`}>
          {title}
        </h2>
        <p className={`mt-1 leading-relaxed ${style.body}`}>{children}</p>
      </div>
    </Tag>
  );
}
