import type { Weekday } from '@app/core/time';
import { DayPicker, type Matcher } from 'react-day-picker';
import 'react-day-picker/style.css';
import '../booking.css';
import { closedWeekdays, dateOf, dayOf, TIME_ZONE } from '../calendar';

type BookingCalendarProps = {
  /** The service's weekdays; an empty list means every day. */
  availableDays: readonly Weekday[];
  /** Today in the business's zone, yyyy-MM-dd. */
  today: string;
  /** The chosen date, yyyy-MM-dd. */
  selected: string | undefined;
  onSelect: (date: string) => void;
  /** Names the calendar for assistive technology. */
  labelledBy: string;
};

/**
 * The month calendar of the booking page (react-day-picker, in the business's
 * zone): days before today and weekdays the service is closed on are disabled
 * (doc 1 §2). Its days are America/New_York days whatever the browser's zone.
 */
export function BookingCalendar({
  availableDays,
  today,
  selected,
  onSelect,
  labelledBy,
}: BookingCalendarProps) {
  const firstDay = dayOf(today);
  const closed = closedWeekdays(availableDays);
  const disabled: Matcher[] = [{ before: firstDay }];
  if (closed.length > 0) disabled.push({ dayOfWeek: closed });
  const chosen = selected ? dayOf(selected) : undefined;

  return (
    <DayPicker
      mode="single"
      required
      timeZone={TIME_ZONE}
      today={firstDay}
      selected={chosen}
      onSelect={(day: Date | undefined) => {
        if (day) onSelect(dateOf(day));
      }}
      disabled={disabled}
      // No month before this one: nothing in it could be booked.
      startMonth={firstDay}
      defaultMonth={chosen ?? firstDay}
      aria-labelledby={labelledBy}
      className="booking-calendar"
    />
  );
}
