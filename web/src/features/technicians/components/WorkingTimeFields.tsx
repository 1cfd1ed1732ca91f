import { hoursProblem } from '@app/core/technician/hours';
import { formatLongDate, today, weekdays } from '@app/core/time';
import { useState } from 'react';
import { TextField } from '../../../components/ui/TextField';

export type WorkingTime = { workingDays: string[]; dayStart: string; dayEnd: string; daysOff: string };

type Props = { value: WorkingTime; onChange: (next: WorkingTime) => void };

const MIDNIGHT = '24:00';

/**
 * Working days, hours and days off, shared by the invitation and the editor
 * (issue 30): the hours with the browser's time pickers (a box for "until
 * midnight", which a time picker cannot say), the days off chosen one by one
 * with its date picker. The rule the server checks shows on its field.
 */
export function WorkingTimeFields({ value, onChange }: Props) {
  const [dayOff, setDayOff] = useState('');
  const toggle = (day: string) =>
    onChange({
      ...value,
      workingDays: value.workingDays.includes(day)
        ? value.workingDays.filter((d) => d !== day)
        : [...value.workingDays, day],
    });
  const untilMidnight = value.dayEnd === MIDNIGHT;
  const daysOff = daysOffOf(value.daysOff);
  const setDaysOff = (next: string[]) =>
    onChange({ ...value, daysOff: [...new Set(next)].sort().join(', ') });
  return (
    <>
      <fieldset className="field field--group">
        <legend>Working days</legend>
        <div className="technicians__days">
          {weekdays.map((day) => (
            <label key={day} className="check">
              <input type="checkbox" checked={value.workingDays.includes(day)} onChange={() => toggle(day)} />
              {day}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="technicians__hours">
        <TextField
          label="Day starts"
          type="time"
          step={900}
          required
          value={value.dayStart}
          onChange={(e) => onChange({ ...value, dayStart: e.target.value })}
        />
        <div>
          <TextField
            label="Day ends"
            type="time"
            step={900}
            required={!untilMidnight}
            disabled={untilMidnight}
            value={untilMidnight ? '' : value.dayEnd}
            error={value.dayStart && value.dayEnd ? hoursProblem(value.dayStart, value.dayEnd) : undefined}
            onChange={(e) => onChange({ ...value, dayEnd: e.target.value })}
          />
          <label className="check">
            <input
              type="checkbox"
              checked={untilMidnight}
              onChange={(e) => onChange({ ...value, dayEnd: e.target.checked ? MIDNIGHT : '19:00' })}
            />
            Until midnight
          </label>
        </div>
      </div>
      <fieldset className="field field--group">
        <legend>Days off</legend>
        {daysOff.length > 0 ? (
          <ul className="technicians__days-off">
            {daysOff.map((date) => (
              <li key={date}>
                <time dateTime={date}>{formatLongDate(date)}</time>{' '}
                <button
                  type="button"
                  className="button button--secondary"
                  aria-label={`Remove ${formatLongDate(date)}`}
                  onClick={() => setDaysOff(daysOff.filter((d) => d !== date))}
                >
                  Remove
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="field__hint">No days off.</p>
        )}
        <div className="technicians__day-off">
          <TextField
            label="Add a day off"
            type="date"
            min={today()}
            value={dayOff}
            onChange={(e) => setDayOff(e.target.value)}
          />
          <button
            type="button"
            className="button button--secondary"
            disabled={!dayOff}
            onClick={() => {
              setDaysOff([...daysOff, dayOff]);
              setDayOff('');
            }}
          >
            Add day off
          </button>
        </div>
      </fieldset>
    </>
  );
}

/** The days off kept, as the API takes them. */
export const daysOffOf = (text: string): string[] =>
  text
    .split(',')
    .map((d) => d.trim())
    .filter(Boolean);
