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

/**
 * A list the API gave, shown the one way: `ListState` with `none` when the list is empty, else
 * one `<ul>` (named by `label` where given) with `item` for each entry (each keyed by `item`).
 */
export function ListOf<T>({
  query,
  loading,
  failed,
  none,
  label,
  className,
  item,
}: {
  query: { isPending: boolean; isError: boolean; data: T[] | undefined };
  loading: string;
  failed: string;
  none: string;
  label?: string;
  className: string;
  item: (entry: T) => ReactNode;
}) {
  return (
    <ListState query={query} loading={loading} failed={failed} empty={(list) => list.length === 0 && none}>
      {(list) => (
        <ul className={className} aria-label={label}>
          {list.map((entry) => item(entry))}
        </ul>
      )}
    </ListState>
  );
}
