import './admin-panel.css';

/** What a panel shows until its feature lands: says so plainly, and offers nothing that does not work. */
export function PanelPlaceholder({ what }: { what: string }) {
  return <p className="admin-panel__placeholder">{what} will be managed here soon.</p>;
}
