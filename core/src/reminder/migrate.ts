import { OPEN_PARTITION, openView, type Row } from '../booking/store';
import { failedConditions, transactWrite } from '../db/entity';
import { type MigrationStep, pagedStep } from '../db/migration';
import { dueEntry, dueTimes, remindable } from '../booking/reminder-due';
import * as time from '../time';

/**
 * Open bookings of the release before reminders (decision 074) have no due
 * entries: this step pages through the open-bookings index and writes each
 * Pending or Confirmed booking's entries, only where none exists (a booking
 * written since has its own). One already inside the window is reminded at
 * the next run.
 */
async function writeDue(b: Row): Promise<boolean> {
  if (!remindable(b.status)) return false;
  const startAt = time.instantOf(b.date, b.time);
  const due = dueTimes(b, new Date(), { overdue: true });
  let changed = false;
  for (const { kind, dueAt } of due) {
    try {
      await transactWrite([
        dueEntry.tx.put(
          {
            bookingId: b.id,
            kind,
            dueAt,
            startAt,
            expiresAt: Math.floor(Date.parse(startAt) / 1000) + 30 * 24 * 60 * 60,
          },
          { ifAbsent: true },
        ),
      ]);
      changed = true;
    } catch (error) {
      if (failedConditions(error) === null) throw error;
    }
  }
  return changed;
}

export const reminderSteps: MigrationStep[] = [
  pagedStep(
    'reminder-due-index',
    (cursor, limit) => openView.query({ index: 'openBookings', partition: OPEN_PARTITION, limit, cursor }),
    writeDue,
  ),
];
