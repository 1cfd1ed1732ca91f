/**
 * `npm run bench -- reminders` (issue 21, decision 074): the scheduled job with
 * REMINDERS reminders due, on a local stack of its own. The bookings and their
 * due entries are written straight into the stack's table (the job reads only
 * the due index and each booking by key); then two runs of the job start at
 * once, as two overlapping cron ticks would. It checks that each booking got
 * exactly one reminder (the local outbox, by booking reference) and times the
 * runs against the job's 60 s.
 */
import { useRunningStack } from '../functions/src/local/stack-file';
import { withStack } from './bench-stack';

export const REMINDERS = 500;
export const REMINDERS_BUDGET_MS = 60_000;

export type ReminderFigures = {
  due: number;
  sent: number;
  mails: number;
  duplicates: number;
  missing: number;
  ms: number;
};

export async function measureReminders(): Promise<ReminderFigures> {
  return withStack({}, async (stack) => {
    useRunningStack(stack.dataDir);
    const { entity } = await import('../core/src/booking/store');
    const { dueEntry } = await import('../core/src/booking/reminder-due');
    const time = await import('../core/src/time');
    const { createId } = await import('../core/src/util/id');
    const { handler } = await import('../functions/src/lambda/cron');
    const { readOutbox } = await import('../functions/src/local/outbox');

    // Two days ahead at spread-out times; all their reminders due ten minutes from now, so the stack's own
    // job (every minute, on the real clock) leaves them to the bench's runs at a moved clock.
    const date = time.addDays(time.today(), 2);
    const at = new Date(Date.now() + 10 * 60_000).toISOString();
    const ids = Array.from({ length: REMINDERS }, () => createId('booking'));
    const bookings = ids.map((id, i) => ({
      id,
      userId: `usr_bench${String(i).padStart(5, '0')}`,
      customer: { firstName: 'Bench', lastName: `Customer${i}`, email: `reminder-bench-${i}@example.com` },
      serviceName: 'Oil Change',
      priceCents: 8900,
      isCustomService: false,
      createdByAdmin: false,
      requiresCustomerVerification: false,
      status: 'Confirmed' as const,
      date,
      time: `${String(8 + (i % 8)).padStart(2, '0')}:${String((i % 4) * 15).padStart(2, '0')}`,
      durationMinutes: 60,
      clientFirstName: 'Bench',
      clientLastName: `Customer${i}`,
      vehicleMake: 'Honda',
      vehicleModel: 'Civic',
      vehicleYear: 2019,
      vehicleColor: 'Blue',
      notes: '',
      serviceStatus: '',
      serviceAddress: {
        street: '12 W Market St',
        unit: '',
        city: 'West Chester',
        state: 'PA',
        zipCode: '19382',
        accessNotes: '',
      },
      bookedKey: 'CUSTOM',
      statusHistory: [],
      createdAt: new Date().toISOString(),
      updatedAt: new Date().toISOString(),
    }));
    await entity.putMany(bookings);
    await dueEntry.putMany(
      bookings.map((b) => {
        const startAt = time.instantOf(b.date, b.time);
        return {
          bookingId: b.id,
          kind: 'hours' as const,
          dueAt: at,
          startAt,
          expiresAt: Math.floor(Date.parse(startAt) / 1000) + 30 * 86_400,
        };
      }),
    );

    const now = new Date(Date.parse(at) + 60_000).toISOString();
    const started = performance.now();
    const runs = await Promise.all([handler({ now }), handler({ now })]);
    const ms = performance.now() - started;

    const mails = (await readOutbox()).filter((m) => m.subject.startsWith('Reminder:'));
    const perBooking = new Map<string, number>();
    for (const mail of mails) {
      const id = /Booking reference: (bkg_\w+)/.exec(mail.text)?.[1];
      if (id) perBooking.set(id, (perBooking.get(id) ?? 0) + 1);
    }
    return {
      due: Math.max(...runs.map((run) => run.reminders.due)),
      sent: runs.reduce((sum, run) => sum + run.reminders.sent, 0),
      mails: mails.length,
      duplicates: [...perBooking.values()].filter((n) => n > 1).length,
      missing: ids.filter((id) => !perBooking.has(id)).length,
      ms,
    };
  });
}
