import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session';

import styles from './legal.module.css';

/** One date for all three documents (SPEC §9): they were adopted together. */
const EFFECTIVE = { iso: '2025-04-01', label: 'April 1, 2025' } as const;

export interface LegalSection {
  /** The in-page anchor: `/terms-of-service#<id>` lands on the section's heading. */
  id: string;
  title: string;
  body: ReactNode;
}

/** The contact address the documents give, the same one as the footer's. */
export function SupportEmail() {
  return <a href={`mailto:${env.supportEmail}`}>{env.supportEmail}</a>;
}

/**
 * A signed-in member reads these pages outside the app's frame (from the footer or sign-up):
 * this is their way back in. Visitors have the logo and the footer.
 */
function BackToApp() {
  const { token, detail } = useSession();
  if (token === null || detail === null) {
    return null;
  }
  return (
    <Link to={paths.dashboard} className={styles.back}>
      <span aria-hidden="true">←</span> Back to dashboard
    </Link>
  );
}

/**
 * A legal page: one `<h1>`, the effective date, an optional introduction, a table of contents
 * built from the same list as the sections (so a link can never point at a missing heading), and
 * one `<h2>` per section.
 */
export function LegalDocument({
  title,
  intro,
  sections,
  contents = false,
}: {
  title: string;
  intro?: ReactNode;
  sections: readonly LegalSection[];
  contents?: boolean;
}) {
  return (
    <article className={styles.document} aria-labelledby="legal-title">
      <header className={styles.header}>
        <BackToApp />
        <h1 id="legal-title" className={styles.title}>
          {title}
        </h1>
        <p className={styles.effective}>
          Effective <time dateTime={EFFECTIVE.iso}>{EFFECTIVE.label}</time>
        </p>
      </header>
      {intro !== undefined && <div className={styles.intro}>{intro}</div>}
      {contents && (
        <nav className={styles.contents} aria-labelledby="legal-contents">
          <p id="legal-contents" className={styles.contentsTitle}>
            Contents
          </p>
          <ol className={styles.contentsList}>
            {sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`}>{section.title}</a>
              </li>
            ))}
          </ol>
        </nav>
      )}
      {sections.map((section) => (
        <section key={section.id} className={styles.section}>
          <h2 id={section.id} className={styles.heading}>
            {section.title}
          </h2>
          {section.body}
        </section>
      ))}
    </article>
  );
}
