/**
 * `npm run bench -- due` (issue 34, decision 124): "your car is due" notices
 * for DUE_VEHICLES vehicles, on a local stack of its own. The accounts (with
 * marketing mail consent), their garage vehicles and due items are written
 * straight into the stack's table, all due at one moment, beside as many
 * items due next year (which no run may read). Then the scheduled job runs at
 * a moved clock, two runs at once as overlapping ticks would, each given the
 * Lambda's 60 s, until nothing is due. It checks that each vehicle got
 * exactly one notice (the local outbox, by the booking link's vehicle id),
 * that every run kept to its 60 s, and that the items not due were left alone.
 */
import { useRunningStack } from '../functions/src/local/stack-file';
import { withStack } from './bench-stack';
import type { ReminderFigures } from './bench-reminders';

/** 5,000 by default; `DUE_BENCH_VEHICLES=500` for a quick look on a busy machine. */
export const DUE_VEHICLES = Number(process.env.DUE_BENCH_VEHICLES ?? 5000);
/** The scheduled function's timeout (infra/environment.ts): each run keeps to it. */
export const DUE_RUN_BUDGET_MS = 60_000;

/** The reminders bench's figures (due, sent, mails, duplicates, missing, ms), and the runs'. */
export type DueFigures = ReminderFigures & {
  runs: number;
  slowestRunMs: number;
  notDueTouched: number;
};

export async function measureDue(): Promise<DueFigures> {
  return withStack({}, async (stack) => {
    useRunningStack(stack.dataDir);
    const { entity: accounts } = await import('../core/src/user/store');
    const { Garage, GarageDue } = await import('../core/src/garage/index');
    const { marketingMailWording } = await import('../core/src/notify/wording');
    const time = await import('../core/src/time');
    const { handler } = await import('../functions/src/lambda/cron');
    const { readOutbox } = await import('../functions/src/local/outbox');
    const { garageVehicle } = await import('../tests/garage-fixtures');

    const stamp = new Date().toISOString();
    // Due in daytime two days ahead, so the stack's own job (every minute, on the real clock) leaves them be.
    const at = time.instantOf(time.addDays(time.today(), 2), '12:00');
    const later = time.instantOf(time.addDays(time.today(), 400), '12:00');
    const n = (i: number) => String(i).padStart(5, '0');
    const users = Array.from({ length: 2 * DUE_VEHICLES }, (_, i) => ({
      id: `usr_duebench${n(i)}`,
      firstName: 'Bench',
      lastName: `Driver${i}`,
      email: `due-bench-${i}@example.com`,
      passwordHash: '',
      role: 'user' as const,
      emailVerified: true,
      hasCardOnFile: false,
      marketing: { mail: { consentedAt: stamp, wording: marketingMailWording('Bench') } },
      tokenVersion: 0,
      createdAt: stamp,
      updatedAt: stamp,
    }));
    await accounts.putMany(users);
    await Garage.vehicle.putMany(users.map((u, i) => garageVehicle(u.id, { id: `vehicle_duebench${n(i)}` })));
    await GarageDue.vehicleDue.putMany(
      users.map((u, i) => ({
        vehicleId: `vehicle_duebench${n(i)}`,
        userId: u.id,
        serviceId: 'svc_duebench',
        serviceName: 'Oil Change',
        bookingId: `bkg_duebench${n(i)}`,
        completedAt: stamp,
        dueDate: time.addDays(time.today(), 16),
        by: 'days' as const,
        remindDaysAhead: 14,
        touches: 0,
        // The first half due now; the second next year (never read by these runs).
        nextAt: i < DUE_VEHICLES ? at : later,
        state: 'open' as const,
      })),
    );

    const now = new Date(Date.parse(at) + 60_000).toISOString();
    const run = async () => {
      const started = performance.now();
      const end = Date.now() + DUE_RUN_BUDGET_MS;
      const reply = await handler({ now }, { getRemainingTimeInMillis: () => end - Date.now() });
      return { reply, ms: performance.now() - started };
    };
    const started = performance.now();
    let due = 0;
    let sent = 0;
    let runs = 0;
    let slowestRunMs = 0;
    for (let round = 0; round < 60; round += 1) {
      const pair = await Promise.all([run(), run()]);
      runs += 2;
      slowestRunMs = Math.max(slowestRunMs, ...pair.map((p) => p.ms));
      if (round === 0) due = Math.max(...pair.map((p) => p.reply.dueNotices.due));
      sent += pair.reduce((sum, p) => sum + p.reply.dueNotices.sent, 0);
      if (pair.every((p) => p.reply.dueNotices.due === 0)) break;
    }
    const ms = performance.now() - started;

    const mails = (await readOutbox()).filter((m) => m.subject.startsWith('Your 2019 Toyota RAV4 is due'));
    const perVehicle = new Map<string, number>();
    for (const mail of mails) {
      const id = /vehicle=(vehicle_duebench\d+)/.exec(mail.text)?.[1];
      if (id) perVehicle.set(id, (perVehicle.get(id) ?? 0) + 1);
    }
    let notDueTouched = 0;
    for (let i = DUE_VEHICLES; i < 2 * DUE_VEHICLES; i += 500) {
      const item = await GarageDue.vehicleDue.get({
        vehicleId: `vehicle_duebench${n(i)}`,
        serviceId: 'svc_duebench',
      });
      if (!item || item.touches > 0 || item.leaseUntil !== undefined) notDueTouched += 1;
    }
    return {
      due,
      sent,
      mails: mails.length,
      duplicates: [...perVehicle.values()].filter((count) => count > 1).length,
      missing:
        DUE_VEHICLES - [...perVehicle.keys()].filter((id) => Number(id.slice(-5)) < DUE_VEHICLES).length,
      runs,
      slowestRunMs,
      ms,
      notDueTouched,
    };
  });
}
