import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { factsOf } from './Fact';
import { FocusedHeading } from './FocusedHeading';
import './link-page.css';

/**
 * The one shape of a page opened by a mailed or texted link (issue 32): the
 * booking link, the custom booking confirmation, the visit's tracking and the
 * work order acknowledgment. No sign-in (the link's token is the key); each
 * shows its query's loading line, or a focused error heading with the
 * reason and a way on, or its content. `width`: narrow 36rem, normal 44rem,
 * wide 46rem.
 */
export type LinkPageWidth = 'narrow' | 'normal' | 'wide';

export function LinkPage({ width = 'normal', children }: { width?: LinkPageWidth; children: ReactNode }) {
  return <div className={`page container link-page link-page--${width}`}>{children}</div>;
}

/** The way on from a link page that is done or does not work: back to the home page. */
export const homeAction = (
  <p>
    <Link to="/" className="button button--primary">
      Return to Home
    </Link>
  </p>
);

/**
 * The pending / error / content ladder of a link page's query: a page returns
 * it while its query is not yet a success (`if (!query.isSuccess) return
 * <LinkPageQuery …/>`), or gives the content as `children`.
 */
export function LinkPageQuery<T>({
  query,
  width,
  loading,
  failedTitle,
  failed,
  failedActions,
  children,
}: {
  query: UseQueryResult<T>;
  width?: LinkPageWidth;
  /** The loading line ("Loading your appointment..."). */
  loading: string;
  failedTitle: string;
  /** The error's text as the page says it (usually the server's `msg`). */
  failed: (error: Error) => string;
  /** What follows the error: a way on (home, sign in) and the shop's contact. */
  failedActions: ReactNode;
  children?: (data: T) => ReactNode;
}) {
  if (query.isPending) {
    return (
      <LinkPage width={width}>
        <p className="status-text" role="status">
          {loading}
        </p>
      </LinkPage>
    );
  }
  if (query.isError) {
    return (
      <LinkPage width={width}>
        <FocusedHeading className="link-page__title">{failedTitle}</FocusedHeading>
        <p className="status-text status-text--error" role="alert">
          {failed(query.error)}
        </p>
        {failedActions}
      </LinkPage>
    );
  }
  return <>{children?.(query.data)}</>;
}

/**
 * A term and its value in a link page's list of facts (`<dl className="link-page__facts">`): the
 * booking link, the confirmation, and the work order to acknowledge (on its page and the technician's).
 */
export const LinkFact = factsOf('link-page');
