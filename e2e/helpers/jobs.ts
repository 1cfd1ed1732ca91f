/**
 * One job of the scheduled run (functions/src/lambda/jobs.ts) at a moved clock, alone, in this
 * worker's process (the fixtures pointed core at the worker's stack), as `npm run cron -- <instant>`
 * runs them all. Alone, because at a clock weeks ahead every other spec's bookings are due too
 * (their charges, reminders, review requests): the whole run would spend minutes on them and
 * change what those specs left behind. Its reply is the run's for that job (`dueNotices`, …).
 */
export async function runJob(name: string, now: Date | string): Promise<Record<string, number>> {
  const { asSystem } = await import('@app/core/actor');
  const { jobs, replyOf } = await import('../../functions/src/lambda/jobs');
  const job = jobs.find((candidate) => candidate.name === name);
  if (!job) throw new Error(`No job of the scheduled run is named ${name}`);
  return replyOf(job, await asSystem('cron', () => job.run(new Date(now), undefined)));
}
