import { Revenue } from '@app/core/revenue/index';
import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import { stream } from 'hono/streaming';
import { dashboardReply } from './revenue-reply';
import { invalidInput } from './validation';

/**
 * /api/admin/revenue (issue 23, decision 071), behind the admin guard
 * (./index.ts; core checks the role again): the owner's dashboard, read from
 * a fixed set of counters, and the accountant's CSV of payments and refunds
 * over a date range, read a page at a time and streamed.
 */
export const revenue = new Hono()
  .get('/', async (c) => c.json(dashboardReply(await Revenue.dashboard())))
  .get('/export.csv', zValidator('query', Revenue.ExportInput, invalidInput), async (c) => {
    const range = c.req.valid('query');
    // The first page is read before the reply starts, so a failure is still a clean error reply.
    let page = await Revenue.entriesBetween(range);
    let lines = await Revenue.csvLines(page.items);
    c.header('Content-Type', 'text/csv; charset=utf-8');
    c.header('Content-Disposition', `attachment; filename="${Revenue.csvFileName(range)}"`);
    return stream(c, async (out) => {
      // A byte-order mark: spreadsheets then read the file as UTF-8.
      await out.write(`\uFEFF${Revenue.csvHeader()}`);
      for (;;) {
        if (lines) await out.write(lines);
        if (!page.cursor) break;
        page = await Revenue.entriesBetween(range, { cursor: page.cursor });
        lines = await Revenue.csvLines(page.items);
      }
    });
  });
