/**
 * The scheduled job (infra/cron.ts). Expiring acknowledgment tokens arrives
 * with the work-order issue; for now it reports that it ran.
 */
export async function handler(): Promise<{ ok: true }> {
  console.log(JSON.stringify({ level: 'info', job: 'cron', msg: 'scheduled run: nothing to do yet' }));
  return { ok: true };
}
