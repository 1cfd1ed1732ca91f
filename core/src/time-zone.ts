/**
 * The business's time zone (GUIDE: Time). Kept in a module without imports so
 * the SST program (infra/cron.ts) can read it without bundling date-fns, as
 * core/src/db/table.ts asks of everything infra imports. Everything else takes
 * it, and every date and time computed in it, from `./time`.
 */
export const TIME_ZONE = 'America/New_York';
