import { formatCents } from '@app/core/money';

/**
 * The stand-in checkout page's tip (issue 35): a link made with `checkout_options.allow_tipping`
 * offers Square Checkout's default choices, and the payment it takes carries the tip as
 * `tip_money` beside the order's amount, as Square's own does.
 */

/** Square Checkout's tip choices (`allow_tipping`, issue 35): its default 15, 20 and 25%, or an amount. */
const TIP_PERCENTS = [15, 20, 25] as const;

/** The tip the buyer chose on the page, in cents, or why it cannot be taken. */
export function tipChosen(form: Record<string, string>, amount: number): number | string {
  const choice = form.tip ?? 'none';
  if (choice === 'none' || choice === '') return 0;
  if (choice === 'custom') {
    const dollars = Number((form.tipAmount ?? '').trim());
    if (!Number.isFinite(dollars) || dollars <= 0 || Math.round(dollars * 100) !== dollars * 100) {
      return 'Enter the tip in dollars and cents.';
    }
    return Math.round(dollars * 100);
  }
  const percent = Number(choice);
  if (!TIP_PERCENTS.includes(percent as (typeof TIP_PERCENTS)[number])) return 'Choose a tip.';
  return Math.round((amount * percent) / 100);
}

export function tipFields(amount: number): string {
  const options = TIP_PERCENTS.map(
    (p) =>
      `<label class="tip"><input type="radio" name="tip" value="${p}"> ${p}% (${formatCents(Math.round((amount * p) / 100))})</label>`,
  ).join('');
  return `<fieldset><legend>Add a tip</legend><label class="tip"><input type="radio" name="tip" value="none" checked> No tip</label>${options}<label class="tip"><input type="radio" name="tip" value="custom"> Custom amount</label><label for="tipAmount">Custom tip ($)</label><input id="tipAmount" name="tipAmount" inputmode="decimal"></fieldset>`;
}
