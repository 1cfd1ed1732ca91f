import { Link } from '@tanstack/react-router';
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

/** The side panel of login and registration: what an account is for, and the way to the other page. */
export function AsideList({
  heading,
  items,
  switchTo,
}: {
  heading: string;
  items: { title: string; text: string }[];
  /** 'New here? Create Account': the other page, keeping where the visitor returns to afterwards. */
  switchTo: { question: string; to: '/login' | '/register'; label: string; redirect?: string };
}) {
  const { question, to, label, redirect } = switchTo;
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
      <p className="auth__switch">
        {question}{' '}
        <Link to={to} search={redirect ? { redirect } : {}} className="button button--secondary">
          {label}
        </Link>
      </p>
    </>
  );
}
