import type { ReactNode } from 'react';
import { getResource, useTranslation } from '@/lib/i18n';
import { useDocumentTitle } from '@/lib/use-document-title';

/** A section of an information page as the `pages` namespace holds it. */
interface Section {
  heading: string;
  items: string[];
}

/** The support address, as the footer shows it (one place: common's footer.email). */
export function useSupportEmail() {
  const { t } = useTranslation();
  const email = t('footer.email');
  return (
    <a href={`mailto:${email}`} className="link font-semibold break-all link-primary">
      {email}
    </a>
  );
}

/** Fills `{{email}}` of a text with a node (the texts keep the placeholder so word order can differ). */
export function withEmail(text: string, email: ReactNode): ReactNode {
  const [before, after] = text.split('{{email}}');
  return (
    <>
      {before}
      {email}
      {after}
    </>
  );
}

/**
 * The frame of the Privacy, Terms and Support pages: a title, an introduction and short sections
 * of plain points, readable at 360 px.
 */
export function InfoPage({ page, children }: { page: 'privacy' | 'terms' | 'support'; children?: ReactNode }) {
  const { t, language } = useTranslation('pages');
  useDocumentTitle(t(`${page}.title`));
  const sections = (getResource('pages', `${page}.sections`, language) ?? []) as unknown as Section[];
  return (
    <article className="mx-auto max-w-3xl px-4 py-8 sm:py-12" aria-labelledby="info-heading">
      <h1 id="info-heading" className="text-3xl font-bold">
        {t(`${page}.title`)}
      </h1>
      <p className="mt-3 text-base-content/85">{t(`${page}.intro`)}</p>
      {sections.map((section, i) => (
        <section key={i} className="mt-8" aria-labelledby={`info-section-${i}`}>
          <h2 id={`info-section-${i}`} className="text-xl font-semibold">
            {section.heading}
          </h2>
          <ul className="mt-3 list-disc space-y-2 pl-5">
            {section.items.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </section>
      ))}
      {children}
    </article>
  );
}
