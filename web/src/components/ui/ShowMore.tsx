/** What `ShowMore` needs of an infinite query (TanStack Query's `useInfiniteQuery` result fits). */
export type NextPages = {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
};

type ShowMoreProps = {
  pages: NextPages;
  /** The button's text, e.g. 'Show more posts'. */
  label: string;
  /** The text while the next page loads ('Loading...' unless a spec text must stay as it is). */
  busyLabel?: string;
  /** The paragraph's class, for the list's spacing. */
  className?: string;
  /** Runs before the next page is asked for (e.g. where focus goes once it arrives). */
  onMore?: () => void;
};

/**
 * The one "show more" of every paged list (decision 049): a button that asks
 * for the page the last reply's `X-Next-Cursor` names, shown while one exists
 * and disabled while it loads.
 */
export function ShowMore({ pages, label, busyLabel = 'Loading...', className, onMore }: ShowMoreProps) {
  if (!pages.hasNextPage) return null;
  return (
    <p className={className}>
      <button
        type="button"
        className="button button--secondary"
        disabled={pages.isFetchingNextPage}
        onClick={() => {
          onMore?.();
          void pages.fetchNextPage();
        }}
      >
        {pages.isFetchingNextPage ? busyLabel : label}
      </button>
    </p>
  );
}
