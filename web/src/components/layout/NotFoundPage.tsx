import { Link } from '@tanstack/react-router';
import { pageTitle } from '../../lib/business';

export function NotFoundPage() {
  return (
    <section className="page container status-page" aria-labelledby="not-found-heading">
      {/* React 19 moves <title> into <head>; a not-found page has no route of its own to carry a head(). */}
      <title>{pageTitle('Page not found')}</title>
      <h1 id="not-found-heading">Page not found</h1>
      <p>
        Sorry, we could not find the page you were looking for. It may have moved, or the address may be
        mistyped.
      </p>
      <p className="status-page__actions">
        <Link to="/" activeOptions={{ exact: true }} className="button button--primary">
          Back to the home page
        </Link>
      </p>
    </section>
  );
}
