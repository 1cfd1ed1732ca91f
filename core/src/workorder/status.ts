import type * as z from 'zod';
import { assertAdmin } from '../actor';
import { StatusOnlyInput } from './input';
import { parse } from './messages';
import { appendStatus, currentByName, find, putIfUnchanged, type Stored, write } from './store';
import { totalsAfter } from './totals';
import { type Detail, view } from './view';

/** The admin sets any status directly (doc 2 §4); kept in the history with who and when. */
export async function setStatus(workOrderId: string, raw: z.input<typeof StatusOnlyInput>): Promise<Detail> {
  assertAdmin();
  const { status } = parse(StatusOnlyInput, raw);
  const wo = await find(workOrderId);
  if (status === wo.status) return view(wo);
  const now = new Date().toISOString();
  const next: Stored = {
    ...wo,
    status,
    statusHistory: appendStatus(wo.statusHistory, { status, at: now, by: await currentByName() }),
    rev: wo.rev + 1,
    updatedAt: now,
  };
  await write([putIfUnchanged(next, wo), ...totalsAfter(wo, status)]);
  return view(next);
}
