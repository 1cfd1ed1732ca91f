/**
 * `npm run bench -- tech` (issue 22, decision 079): the JS the technician's
 * phone loads for /tech, opened directly on a fresh profile (the entry and
 * the route's chunks, gzipped and summed), and a check that none of it is
 * the admin's code: no script of an admin chunk (the /admin route and its
 * panels, by their file names) and none of the admin page's own texts in
 * any script loaded. The page is viewed as an admin views a technician's day
 * (the same route and chunks a technician loads).
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { useRunningStack } from '../functions/src/local/stack-file';
import { type LoadedScript, pageScripts } from './bench-pages';
import { startStack, stopStack } from './bench-stack';

export const TECH_JS_BUDGET = 150 * 1024;

/** The admin's chunks, by the file names Vite gives them (the route, its panels, their libraries). */
const ADMIN_CHUNK =
  /^(admin|_admin|ManageBookingsPanel|TimeSlotManagerPanel|ServiceManagerPanel|RevenuePanel|WeeklyChart|TestimonialManagerPanel|BlogManagerPanel|WorkOrderPanel|Dispatch|Today)[-.]/i;
/**
 * Texts only the admin's code holds: its panel titles and the desk's form (the route tree, in every page's
 * entry, names the admin page's title only, which is not the admin's code).
 */
const ADMIN_TEXTS = ['Time Slot Manager', 'Manage Testimonials', 'Blog Manager', 'Create Custom Booking'];

export type TechFigures = {
  scripts: LoadedScript[];
  /** Admin chunks that exist in the build, and those /tech loaded (must be none). */
  adminChunks: string[];
  adminLoaded: string[];
  /** Admin texts found in the scripts /tech loaded (must be none). */
  adminTexts: string[];
};

export async function measureTech(): Promise<TechFigures> {
  const stack = await startStack();
  try {
    useRunningStack(stack.dataDir);
    process.env.PASSWORD_COST_LOG2 ??= '10';
    const { createUser } = await import('../tests/factories');
    const admin = await createUser({ role: 'admin', firstName: 'Bench' });
    const bodies = new Map<string, string>();
    const scripts = await pageScripts(
      stack.url,
      '/tech?technician=1',
      async (page) => {
        await page.getByRole('heading', { level: 1, name: /day/i }).waitFor();
        for (const url of await page.evaluate(() =>
          performance.getEntriesByType('resource').map((entry) => entry.name),
        )) {
          if (!url.endsWith('.js')) continue;
          bodies.set(new URL(url).pathname, await (await fetch(url)).text());
        }
      },
      admin.token,
    );
    const adminChunks = readdirSync(join('web', 'dist', 'assets')).filter((name) => ADMIN_CHUNK.test(name));
    const adminLoaded = scripts
      .map((s) => s.url.split('/').pop() ?? '')
      .filter((name) => ADMIN_CHUNK.test(name));
    const adminTexts = ADMIN_TEXTS.filter((text) => [...bodies.values()].some((body) => body.includes(text)));
    return { scripts, adminChunks, adminLoaded, adminTexts };
  } finally {
    await stopStack(stack);
  }
}
