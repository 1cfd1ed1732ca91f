import type { ReactNode } from 'react';

/** The two-column frame of the sign-in pages: the form, and a side panel (doc 1 §2). */
export function AuthShell({
  title,
  intro,
  aside,
  children,
}: {
  title: string;
  intro?: ReactNode;
  aside?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="page container auth">
      <section className="card auth__main" aria-labelledby="auth-title">
        <h1 id="auth-title">{title}</h1>
        {intro && <p className="auth__intro">{intro}</p>}
        {children}
      </section>
      {aside && <aside className="auth__aside">{aside}</aside>}
    </div>
  );
}

/** A side-panel list of what an account is for. */
export function AsideList({ heading, items }: { heading: string; items: { title: string; text: string }[] }) {
  return (
    <>
      <h2>{heading}</h2>
      <ul className="auth__benefits">
        {items.map((item) => (
          <li key={item.title}>
            <strong>{item.title}</strong>
            <span>{item.text}</span>
          </li>
        ))}
      </ul>
    </>
  );
}
