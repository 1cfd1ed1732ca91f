/**
 * A technician's working day, the one rule the admin's form (web) and the
 * server (admin.ts) share: the day ends after it starts ('24:00' is midnight).
 * Pure: no storage, safe for the browser.
 */
export const hoursMessage = 'The working day must end after it starts.';

export function hoursProblem(dayStart: string, dayEnd: string): string | undefined {
  return dayEnd <= dayStart ? hoursMessage : undefined;
}
