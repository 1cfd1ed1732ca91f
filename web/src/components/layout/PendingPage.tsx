/** Shown by the router when a page's loader takes longer than a second. */
export function PendingPage() {
  return (
    <div className="page container">
      <p role="status" className="status-text">
        Loading...
      </p>
    </div>
  );
}
