import type { ReactNode } from 'react';

/**
 * What the API gave a panel, in the one way the panels show it: the loading line while it comes
 * (announced), the failure's text, the empty text when there is nothing (`empty` answers false
 * when there is something), else the content (`children`, given the data).
 */
export function ListState<T>({
  query,
  loading,
  failed,
  empty,
  children,
}: {
  query: { isPending: boolean; isError: boolean; data: T | undefined };
  loading: string;
  failed: string;
  empty?: (data: T) => string | false;
  children: (data: T) => ReactNode;
}) {
  // A query is pending, failed or done, one at a time: pending has no data yet.
  if (query.isError)
    return (
      <p className="status-text status-text--error" role="alert">
        {failed}
      </p>
    );
  if (query.isPending || query.data === undefined)
    return (
      <p className="status-text" role="status">
        {loading}
      </p>
    );
  const emptyText = empty?.(query.data);
  if (emptyText) return <p className="status-text">{emptyText}</p>;
  return <>{children(query.data)}</>;
}
