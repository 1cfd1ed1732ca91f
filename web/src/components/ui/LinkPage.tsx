import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { messageOf } from '../../lib/api';
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
  /** The error's text as the page says it: the server's `msg`, else this text (or a function of the error). */
  failed: string | ((error: Error) => string);
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
          {typeof failed === 'string' ? messageOf(query.error, failed) : failed(query.error)}
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
