import { type ReactNode, useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { formatPrice } from '../../lib/format';
import { answerable, type EstimateLineView, type EstimateViewJson } from './choices';
import './estimate.css';

const ANSWERS = [
  ['approved', 'Approve'],
  ['declined', 'Decline'],
  ['deferred', 'Later'],
] as const;

/**
 * The estimate as the customer answers it (issue 33, decision 125), on the acknowledgment page and
 * on the technician's phone: each proposed line with its note, photos and price (and the price it
 * had, when it changed since they answered), approve, decline or later; each option group, pick one
 * or none; then the total as it stands with their answers. The lines already answered are listed.
 */
export function EstimateChoices({
  estimate,
  field,
  total,
  photo,
  title = 'Recommended work: your choice',
  totalLabel = 'Total with your choices',
}: {
  estimate: EstimateViewJson;
  /** The form's binding of a choice (`l<n>` for a line, `g<n>` for a group). */
  field: (key: string) => UseFormRegisterReturn;
  /** The total with the answers so far, in dollars. */
  total: number;
  photo: (id: string, alt: string) => ReactNode;
  /** Staff recording a call's answers (issue 33) name them theirs: the customer's, not "your". */
  title?: string;
  totalLabel?: string;
}) {
  const id = useId();
  const { groups, singles } = answerable(estimate.lines);
  const decided = estimate.lines.filter((l) => l.state !== 'proposed');
  return (
    <section className="card estimate-choices" aria-labelledby={id}>
      <h2 id={id} className="estimate-choices__title">
        {title}
      </h2>
      {singles.map(({ key, line }) => (
        <fieldset key={line.id} className="estimate-choices__line">
          <legend>
            <LineText line={line} photo={photo} />
          </legend>
          <div className="estimate-choices__answers">
            {ANSWERS.map(([value, label]) => (
              <label key={value}>
                <input type="radio" value={value} {...field(key)} /> {label}
              </label>
            ))}
          </div>
        </fieldset>
      ))}
      {groups.map((group) => (
        <fieldset key={group.key} className="estimate-choices__line">
          <legend>{group.name}: choose one</legend>
          {group.lines.map((line) => (
            <label key={line.id} className="estimate-choices__option">
              <input type="radio" value={line.id} {...field(group.key)} />
              <LineText line={line} photo={photo} />
            </label>
          ))}
          <label className="estimate-choices__option">
            <input type="radio" value="none" {...field(group.key)} /> None of these
          </label>
        </fieldset>
      ))}
      {decided.length > 0 && (
        <ul className="estimate-choices__decided" aria-label="Already answered">
          {decided.map((line) => (
            <li key={line.id}>
              {line.description}: {line.state} ({formatPrice(line.total)})
            </li>
          ))}
        </ul>
      )}
      <p className="estimate-choices__total" aria-live="polite">
        {totalLabel}
        {estimate.tripFee > 0 ? ' (trip fee and tax included)' : ' (tax included)'}:{' '}
        <strong>{formatPrice(total)}</strong>
      </p>
    </section>
  );
}

function LineText({
  line,
  photo,
}: {
  line: EstimateLineView;
  photo: (id: string, alt: string) => ReactNode;
}) {
  return (
    <span className="estimate-choices__text">
      <strong>{line.description}</strong> {formatPrice(line.total)}
      {line.previousTotal !== null && (
        <span className="estimate-choices__changed"> (changed: was {formatPrice(line.previousTotal)})</span>
      )}
      {line.note && <span className="estimate-choices__note">{line.note}</span>}
      {line.photoIds.length > 0 && (
        <span className="estimate-choices__photos">
          {line.photoIds.map((photoId, n) => (
            <span key={photoId}>{photo(photoId, `${line.description}: photo ${n + 1}`)}</span>
          ))}
        </span>
      )}
    </span>
  );
}
