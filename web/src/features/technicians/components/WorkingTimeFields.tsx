import { weekdays } from '@app/core/time';
import { TextField } from '../../../components/ui/TextField';

export type WorkingTime = { workingDays: string[]; dayStart: string; dayEnd: string; daysOff: string };

type Props = { value: WorkingTime; onChange: (next: WorkingTime) => void };

/** Working days, hours and days off (dates, comma-separated), shared by the invitation and the editor. */
export function WorkingTimeFields({ value, onChange }: Props) {
  const toggle = (day: string) =>
    onChange({
      ...value,
      workingDays: value.workingDays.includes(day)
        ? value.workingDays.filter((d) => d !== day)
        : [...value.workingDays, day],
    });
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
          label="Day starts (HH:mm)"
          value={value.dayStart}
          onChange={(e) => onChange({ ...value, dayStart: e.target.value })}
        />
        <TextField
          label="Day ends (HH:mm, 24:00 for midnight)"
          value={value.dayEnd}
          onChange={(e) => onChange({ ...value, dayEnd: e.target.value })}
        />
      </div>
      <TextField
        label="Days off (yyyy-mm-dd, comma-separated)"
        value={value.daysOff}
        onChange={(e) => onChange({ ...value, daysOff: e.target.value })}
      />
    </>
  );
}

/** The days off typed, as the API takes them. */
export const daysOffOf = (text: string): string[] =>
  text
    .split(',')
    .map((d) => d.trim())
    .filter(Boolean);
