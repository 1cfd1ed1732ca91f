import { useInfiniteQuery, type UseInfiniteQueryOptions } from '@tanstack/react-query';
import type { InfiniteData } from '@tanstack/react-query';
import { formatTime } from '@app/core/time';
import { formatDate } from '../../lib/date';
import { formatPrice } from '../../lib/format';
import { vehicleName } from '../../lib/vehicle-form';
import type { HistoryEntry, VehicleHistoryPage } from '../../lib/vehicles';
import { ListState } from '../ui/ListState';
import { ShowMore } from '../ui/ShowMore';
import './vehicle.css';

type Options = UseInfiniteQueryOptions<
  VehicleHistoryPage,
  Error,
  InfiniteData<VehicleHistoryPage>,
  readonly unknown[],
  string | undefined
>;

const STATE_WORDS: Record<string, string> = {
  open: 'open',
  booked: 'booked',
  done: 'done',
  dismissed: 'dismissed',
};

/** One line of the history, by kind (issue 34). */
function Line({ entry }: { entry: HistoryEntry }) {
  switch (entry.kind) {
    case 'booking':
      return (
        <>
          <strong>Visit: {entry.serviceName}</strong>
          <span>
            {formatDate(entry.date)} at {formatTime(entry.time)} · {entry.status}
          </span>
          {entry.notes && <span className="vehicle-history__note">{entry.notes}</span>}
        </>
      );
    case 'workOrder':
      return (
        <>
          <strong>Work order {entry.workOrderNumber}</strong>
          <span>
            {formatDate(entry.at)} · {entry.status} · {formatPrice(entry.total)}
          </span>
          {entry.lines.length > 0 && <span className="vehicle-history__note">{entry.lines.join(', ')}</span>}
        </>
      );
    case 'inspection':
      return (
        <>
          <strong>Inspection ({entry.workOrderNumber})</strong>
          <span>
            {formatDate(entry.at)} · {entry.inspected} checked, {entry.attention.length} needing attention
          </span>
          {entry.attention.map((item) => (
            <span key={item.category} className="vehicle-history__note">
              {item.category}
              {item.note ? `: ${item.note}` : ''}
            </span>
          ))}
        </>
      );
    case 'recommendation':
      return (
        <>
          <strong>Recommended: {entry.description}</strong>
          <span>
            {formatDate(entry.at)} · {formatPrice(entry.price)} · {entry.decision},{' '}
            {STATE_WORDS[entry.state] ?? entry.state}
          </span>
        </>
      );
  }
}

/**
 * A vehicle's history (issue 34): every visit, work order, inspection and recommended line, newest
 * first, a page at a time. The same list for the customer (Account), the desk and the technician
 * before the visit (/tech); `options` says whose.
 */
export function VehicleHistory({ options, title = 'History' }: { options: Options; title?: string }) {
  const history = useInfiniteQuery(options);
  const first = history.data?.pages[0];
  const entries = history.data?.pages.flatMap((page) => page.entries);
  return (
    <section
      className="vehicle-history"
      aria-label={first ? `${title}: ${vehicleName(first.vehicle)}` : title}
    >
      <h3>
        {title}
        {first && `: ${vehicleName(first.vehicle)}`}
      </h3>
      {first && 'vin' in first.vehicle && first.vehicle.vin && (
        <p className="field__hint">VIN {first.vehicle.vin}</p>
      )}
      <ListState
        query={{ ...history, data: entries }}
        loading="Loading the history..."
        failed="Could not load the history."
        empty={(list) => list.length === 0 && 'No visits yet.'}
      >
        {(list) => (
          <ol className="vehicle-history__list">
            {list.map((entry) => (
              <li
                key={`${entry.kind}-${entry.id}`}
                className={`vehicle-history__item vehicle-history__item--${entry.kind}`}
              >
                <Line entry={entry} />
              </li>
            ))}
          </ol>
        )}
      </ListState>
      <ShowMore pages={history} label="Show older history" />
    </section>
  );
}
