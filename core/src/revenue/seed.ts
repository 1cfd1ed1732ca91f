import { addDays, type CalendarDate, instantOf } from '../time';
import { monthOfDate, weekOfDate, weekStart } from './buckets';
import { counter, entry, type Entry, monthKey, weekKey } from './store';
import { attr } from './write';

/**
 * A long history written directly in batches (tests and the bench, never the
 * app): ledger entries and the counters the write API would have left, so the
 * dashboard and the export can be measured against years of payments without
 * years of transactions. Deterministic for a given size.
 */
export async function seedHistory(options: {
  /** The last day seeded (the business date). */
  until: CalendarDate;
  days: number;
  perDay: number;
  services?: readonly { id: string; name: string }[];
  technicians?: number;
}): Promise<{ entries: number; counters: number }> {
  const services = options.services ?? [
    { id: 'svc_SEED_OIL', name: 'Oil change' },
    { id: 'svc_SEED_BRAKES', name: 'Brake service' },
    { id: 'svc_SEED_DIAG', name: 'Diagnostics' },
  ];
  const technicians = options.technicians ?? 2;
  const counters = new Map<string, Record<string, string | number>>();
  const bump = (sk: string, name: string, by: number) => {
    const item = counters.get(sk) ?? { sk };
    item[name] = (typeof item[name] === 'number' ? item[name] : 0) + by;
    counters.set(sk, item);
  };
  const entries: Entry[] = [];
  for (let d = options.days - 1; d >= 0; d -= 1) {
    const date = addDays(options.until, -d);
    const month = monthKey(monthOfDate(date));
    const week = weekKey(weekOfDate(date));
    for (let n = 0; n < options.perDay; n += 1) {
      const i = entries.length;
      const service = services[i % services.length] as { id: string; name: string };
      const technician = (i % technicians) + 1;
      const cents = 5_000 + ((i * 7_919) % 40_000);
      const at = instantOf(
        date,
        `${String(9 + (n % 8)).padStart(2, '0')}:${String((n * 7) % 60).padStart(2, '0')}`,
      );
      const refund = i % 50 === 49;
      entries.push({
        id: `seed-${refund ? 'ref' : 'pay'}-${i}`,
        kind: refund ? 'refund' : 'payment',
        amountCents: refund ? 1_000 : cents,
        at,
        date,
        serviceName: service.name,
        customerName: `Customer ${i % 5_000}`,
        ...(refund ? { reason: 'Seeded refund' } : { technician }),
      });
      if (refund) {
        for (const sk of [month, week]) {
          bump(sk, 'refundCents', 1_000);
          bump(sk, 'refunds', 1);
        }
        continue;
      }
      for (const sk of [month, week]) {
        bump(sk, 'paidCents', cents);
        bump(sk, 'payments', 1);
      }
      bump(month, 'jobs', 1);
      bump(month, 'ticketCents', cents);
      bump(month, attr.serviceCents(service.id), cents);
      bump(month, attr.serviceJobs(service.id), 1);
      bump(month, attr.technicianCents(technician), cents);
      bump(month, attr.technicianJobs(technician), 1);
      (counters.get(month) as Record<string, string | number>)[attr.serviceName(service.id)] = service.name;
      (counters.get(week) as Record<string, string | number>).start = weekStart(date);
    }
  }
  await entry.putMany(entries);
  await counter.putMany([...counters.values()]);
  return { entries: entries.length, counters: counters.size };
}
