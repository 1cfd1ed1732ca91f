import { Link } from '@tanstack/react-router';

/**
 * Uncaught rendering errors (doc 1 §2). Used inside the layout for errors in a
 * page, and on its own when the layout itself fails (the root route's error).
 */
export function ErrorPage() {
  return (
    <section className="page container status-page" aria-labelledby="error-heading">
      <h1 id="error-heading">Unexpected Application Error!</h1>
      <p>Something went wrong while showing this page. Please try again, or start over from the home page.</p>
      <p className="status-page__actions">
        <button type="button" className="button button--secondary" onClick={() => window.location.reload()}>
          Reload page
        </button>
        <Link to="/" activeOptions={{ exact: true }} className="button button--primary">
          Go to the home page
        </Link>
      </p>
    </section>
  );
}
