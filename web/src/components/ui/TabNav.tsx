import { Link } from '@tanstack/react-router';

/**
 * A page's tabs as links (the admin's sections, My Account's tabs), the current one marked: the
 * first tab is the page's own address, each other one the page with `?{param}={tab id}`.
 */
export function TabNav<Id extends string>({
  label,
  className,
  to,
  param,
  tabs,
  current,
}: {
  label: string;
  className?: string;
  to: '/admin' | '/dashboard';
  param: 'section' | 'tab';
  tabs: readonly { id: Id; title: string }[];
  current: Id;
}) {
  return (
    <nav className={className ? `tabs ${className}` : 'tabs'} aria-label={label}>
      {tabs.map((tab, index) => (
        <Link
          key={tab.id}
          to={to}
          search={index === 0 ? {} : { [param]: tab.id }}
          className={tab.id === current ? 'tabs__tab is-active' : 'tabs__tab'}
          aria-current={tab.id === current ? 'page' : undefined}
        >
          {tab.title}
        </Link>
      ))}
    </nav>
  );
}
