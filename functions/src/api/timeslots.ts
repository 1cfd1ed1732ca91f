import { TimeSlot } from '@app/core/timeslot/index';
import { Hono } from 'hono';
import { requireAdmin } from './auth';

/**
 * /api/timeslots (doc 1 §7; doc 2 writes /api/timeSlots: paths match
 * without regard to case, ./paths.ts). Admin only.
 */
export const timeslots = new Hono().get('/system-stats', requireAdmin, async (c) =>
  c.json(await TimeSlot.systemStats()),
);
