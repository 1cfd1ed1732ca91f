/** The home counters animate in about 200 steps (doc 1 §9). */
export const COUNT_UP_STEPS = 200;

/** The value a counter shows at `step` of `steps`: whole numbers rising to the target, the target at the end. */
export function countUpValue(target: number, step: number, steps = COUNT_UP_STEPS): number {
  if (step >= steps) return target;
  if (step <= 0) return 0;
  return Math.floor((target * step) / steps);
}
