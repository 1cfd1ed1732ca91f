import type { ReactNode } from 'react';
import '../legal.css';

type LegalPageProps = { title: string; updated: string; intro: ReactNode; children: ReactNode };

/** The frame of the plain content pages (/terms, /privacy): a readable column with numbered sections. */
export function LegalPage({ title, updated, intro, children }: LegalPageProps) {
  return (
    <article className="page container legal" aria-labelledby="legal-title">
      <header className="legal__header">
        <h1 id="legal-title">{title}</h1>
        <p className="legal__updated">Last updated: {updated}</p>
        <div className="legal__intro">{intro}</div>
      </header>
      {children}
    </article>
  );
}

export function LegalSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="legal__section">
      <h2>{title}</h2>
      {children}
    </section>
  );
}
