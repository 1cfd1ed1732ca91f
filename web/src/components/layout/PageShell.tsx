import type { ReactNode } from 'react';

/**
 * A public page's frame (issue 32): the container, its heading with a line or two under it, and
 * the page's content (the blog, testimonials and contact pages). `headerClass` adds a class to the
 * header beside `section-header`.
 */
export function PageShell({
  title,
  intro,
  headerClass,
  children,
}: {
  title: string;
  intro: ReactNode;
  headerClass?: string;
  children: ReactNode;
}) {
  return (
    <div className="page container">
      <header className={headerClass ? `section-header ${headerClass}` : 'section-header'}>
        <h1>{title}</h1>
        <p>{intro}</p>
      </header>
      {children}
    </div>
  );
}
