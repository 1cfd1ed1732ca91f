import type { ReactNode } from 'react';

/**
 * A list read from the API, in the one way the panels show it: its loading line while the first
 * page comes, the failure's text, the empty text when there is nothing (`empty` is false when
 * there is something), else the list (`children`, called only then).
 */
export function ListState({
  query,
  loading,
  failed,
  empty,
  children,
}: {
  query: { isPending: boolean; isError: boolean };
  loading: string;
  failed: string;
  empty: string | false;
  children: () => ReactNode;
}) {
  if (query.isPending)
    return (
      <p className="status-text" role="status">
        {loading}
      </p>
    );
  if (query.isError)
    return (
      <p className="status-text status-text--error" role="alert">
        {failed}
      </p>
    );
  if (empty) return <p className="status-text">{empty}</p>;
  return <>{children()}</>;
}
