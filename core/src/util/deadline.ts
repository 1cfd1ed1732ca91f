/**
 * A scheduled run's deadline (epoch ms; issue 31): each of the job's loops
 * checks it before it takes the next item, so a run ends inside the Lambda's
 * timeout and the items it did not take stay due for the next run. Undefined:
 * no deadline (the local job, `npm run cron`).
 */
export type Deadline = number | undefined;

/** Whether `deadline` has passed: the loop takes no further item. */
export const pastDeadline = (deadline: Deadline): boolean => deadline !== undefined && Date.now() >= deadline;
