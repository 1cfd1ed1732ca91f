import { useState } from 'react';
import type { ListQuery } from './api';
import { WorkOrderForm } from './components/WorkOrderForm';
import { WorkOrderManager } from './components/WorkOrderManager';
import type { WorkOrderJson, WorkOrderPrefill } from './types';
import '../../components/ui/work-order-status.css';
import './work-orders.css';
import type { Notice } from '../../components/admin/notice';

type View = { kind: 'list' } | { kind: 'new' } | { kind: 'edit'; id: string };
/**
 * The work-order panel of /admin (doc 2 §2): the manager, and the form in its
 * place to create or edit one. The search, filter and page stay as they were
 * while the form is open.
 */
export default function WorkOrderPanel() {
  const [view, setView] = useState<View>({ kind: 'list' });
  const [query, setQuery] = useState<ListQuery>({ search: '', status: '', after: [] });
  const [notice, setNotice] = useState<Notice | null>(null);

  if (view.kind !== 'list') {
    return (
      <div className="work-orders">
        <WorkOrderForm
          key={view.kind === 'edit' ? view.id : 'new'}
          workOrderId={view.kind === 'edit' ? view.id : undefined}
          onCancel={() => {
            setNotice(null);
            setView({ kind: 'list' });
          }}
          onSaved={(_order, text) => {
            setNotice({ tone: 'success', text });
            setView({ kind: 'list' });
          }}
        />
      </div>
    );
  }
  return (
    <div className="work-orders">
      <WorkOrderManager
        query={query}
        onQuery={setQuery}
        notice={notice}
        onNotice={setNotice}
        onCreate={() => {
          setNotice(null);
          setView({ kind: 'new' });
        }}
        onEdit={(order: WorkOrderJson) => {
          setNotice(null);
          setView({ kind: 'edit', id: order._id });
        }}
      />
    </div>
  );
}

/**
 * 'Create Work Order' from a booking card (doc 2 §2): the form filled in from
 * the booking, with relatedBooking set; `onDone` gets the sentence to show
 * (null after Cancel).
 */
export function WorkOrderFromBooking({
  prefill,
  onDone,
}: {
  prefill: WorkOrderPrefill;
  onDone: (text: string | null) => void;
}) {
  return (
    <div className="work-orders">
      <WorkOrderForm
        prefill={prefill}
        title={false}
        onCancel={() => onDone(null)}
        onSaved={(_order, text) => onDone(text)}
      />
    </div>
  );
}
