import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { NoticeLine, useNotice } from '../../components/admin/notice';
import { ActionButton } from '../../components/ui/ActionButton';
import { ListOf } from '../../components/ui/ListState';
import { adminPlansQueryOptions, type PlanRow } from './api';
import { cadenceWords } from './cadence';
import { PlanForm } from './components/PlanForm';
import { planTerms } from './components/terms';
import './plans.css';

/** /admin → Service Plans (issue 35): the shop's plans; define one, change one, withdraw one. */
export default function PlansPanel() {
  const plans = useQuery(adminPlansQueryOptions());
  const [open, setOpen] = useState<PlanRow | 'new' | null>(null);
  const notice = useNotice();
  const done = (name: string) => {
    setOpen(null);
    notice.success(`Saved ${name}.`);
  };
  return (
    <section className="admin-panel" aria-label="Service Plans">
      <NoticeLine notice={notice.notice} />
      <ListOf
        query={plans}
        loading="Loading plans..."
        failed="Could not load the plans."
        none="No plans yet. Create the first one below."
        className="service-addresses__list"
        label="Plans"
        item={(p) => (
          <li key={p._id} className="service-addresses__item">
            {open !== 'new' && open?._id === p._id ? (
              <PlanForm editing={p} onDone={done} />
            ) : (
              <>
                <p>
                  <strong>{p.name}</strong> {p.active ? '' : '(withdrawn)'}
                </p>
                <p className="service-addresses__meta">{cadenceWords(p.recurrence)}</p>
                <p className="service-addresses__meta">{planTerms(p).join(' · ')}</p>
                <ActionButton onClick={() => setOpen(p)} named={p.name}>
                  Edit
                </ActionButton>
              </>
            )}
          </li>
        )}
      />
      {open === 'new' ? (
        <PlanForm onDone={done} />
      ) : (
        <p>
          <button type="button" className="button button--primary" onClick={() => setOpen('new')}>
            New Plan
          </button>
        </p>
      )}
    </section>
  );
}
