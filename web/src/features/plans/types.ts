/** The router's history state the plan's link page carries (its own file: the browser tests import api.ts's types). */
import type { PlanChange } from './api';

declare module '@tanstack/react-router' {
  interface HistoryState {
    /** The change made by the plan's previous link: the next link's page says it was done. */
    planDone?: PlanChange['kind'];
  }
}
