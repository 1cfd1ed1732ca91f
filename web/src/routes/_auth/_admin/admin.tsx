import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { TabNav } from '../../../components/ui/TabNav';
import { Suspense, useEffect } from 'react';
import '../../../components/ui/admin-panel.css';
import { pageTitle } from '../../../lib/business';
import { calendarDate } from '../../../lib/search';
import { isSectionId } from './-section-ids';
import { sections } from './-sections';

type AdminSearch = { section?: string; date?: string; view?: 'day' | 'week' };

export const Route = createFileRoute('/_auth/_admin/admin')({
  // The _auth and _admin layouts guard it: shown only to a signed-in admin.
  // /admin shows Today; /admin?section=timeslots (etc.) opens a section (issue 22); anything unknown is dropped.
  validateSearch: (search: Record<string, unknown>): AdminSearch => {
    const date = calendarDate(search.date);
    return {
      ...(isSectionId(search.section) && search.section !== 'today' ? { section: search.section } : {}),
      ...(date ? { date } : {}),
      ...(search.view === 'week' || search.view === 'day' ? { view: search.view } : {}),
    };
  },
  head: () => ({ meta: [{ title: pageTitle('Admin Dashboard') }] }),
  component: AdminPage,
});

function AdminPage() {
  const { user } = Route.useRouteContext();

  // While shown, the page carries an admin-page marker (doc 2 §2).
  useEffect(() => {
    document.body.classList.add('admin-page');
    return () => document.body.classList.remove('admin-page');
  }, []);

  return (
    <div className="page container admin">
      <h1>Admin Dashboard</h1>
      <p className="status-text">Welcome, {user.firstName}.</p>
      <AdminDashboard />
    </div>
  );
}

function AdminDashboard() {
  const { section: current = 'today', date, view } = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const shown = sections.find((s) => s.id === current) ?? sections[0];
  if (!shown) return null;
  const { id, title, Body } = shown;
  return (
    <>
      <TabNav
        label="Admin sections"
        className="admin-sections"
        to="/admin"
        param="section"
        tabs={sections}
        current={id}
      />
      <section className="admin-panel" aria-labelledby={`admin-panel-${id}`}>
        <h2 id={`admin-panel-${id}`} className="admin-panel__title">
          {title}
        </h2>
        <Suspense fallback={<p className="status-text">Loading...</p>}>
          <Body
            key={id}
            date={date}
            view={view}
            onChange={(next) =>
              void navigate({ search: (prev) => ({ ...prev, ...next }), replace: true, resetScroll: false })
            }
          />
        </Suspense>
      </section>
    </>
  );
}
