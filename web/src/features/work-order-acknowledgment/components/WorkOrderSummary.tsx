import { LinkFact as Fact } from '../../../components/ui/LinkPage';
import { Totals, TotalsRow } from '../../../components/ui/Totals';
import { statusBadge } from '@app/core/workorder/model';
import { formatTaxRate } from '@app/core/workorder/pricing';
import { type ReactNode, useId } from 'react';
import { formatPrice } from '../../../lib/format';
import { laborText, partText, scheduledText, showsTotals, vehicleText } from '../display';
import type { AcknowledgmentView } from '../types';

/** The work order the customer is asked to acknowledge: its facts, labor and part lines, and totals. */
export function WorkOrderSummary({ view }: { view: AcknowledgmentView }) {
  const id = useId();
  return (
    <section className="card ack-page__card" aria-labelledby={`${id}-number`}>
      <header className="ack-page__header">
        <h2 id={`${id}-number`} className="ack-page__number">
          Work Order {view.workOrderNumber}
        </h2>
        <span className={`ack-badge wo-status--${view.status}`}>{statusBadge(view.status)}</span>
      </header>
      <dl className="link-page__facts ack-page__facts">
        <Fact term="Vehicle">{vehicleText(view.vehicle)}</Fact>
        <Fact term="Service">{view.serviceDetails.description}</Fact>
        <Fact term="Issue" text={view.serviceDetails.customerComplaints ?? ''} />
        {view.scheduledDate && <Fact term="Scheduled">{scheduledText(view.scheduledDate)}</Fact>}
      </dl>

      {view.laborItems.length > 0 && (
        <Lines title="Labor">
          {view.laborItems.map((item, index) => (
            <Line key={index} description={item.description} detail={laborText(item)} total={item.total} />
          ))}
        </Lines>
      )}
      {view.partItems.length > 0 && (
        <Lines title="Parts">
          {view.partItems.map((item, index) => (
            <Line key={index} description={item.description} detail={partText(item)} total={item.total} />
          ))}
        </Lines>
      )}
      {showsTotals(view) && (
        <Totals className="ack-totals">
          <TotalsRow term="Subtotal">{formatPrice(view.pricing.subtotal)}</TotalsRow>
          <TotalsRow term={`Tax (${formatTaxRate(view.pricing.taxRate)})`}>
            {formatPrice(view.pricing.taxAmount)}
          </TotalsRow>
          <TotalsRow term="Total Amount" strong>
            {formatPrice(view.pricing.totalAmount)}
          </TotalsRow>
        </Totals>
      )}
    </section>
  );
}

function Lines({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="ack-lines" aria-labelledby={id}>
      <h3 id={id} className="ack-lines__title">
        {title}
      </h3>
      <ul className="ack-lines__list">{children}</ul>
    </section>
  );
}

function Line({ description, detail, total }: { description: string; detail: string; total: number }) {
  return (
    <li className="ack-line">
      <span className="ack-line__what">
        <span className="ack-line__description">{description || '—'}</span>
        <span className="ack-line__detail">{detail}</span>
      </span>
      <span className="ack-line__total">{formatPrice(total)}</span>
    </li>
  );
}
