import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { EstimateChoices } from './EstimateChoices';
import { type Choices, type EstimateViewJson, liveTotal } from './choices';

/** What the customer agrees to above the signature when they answer recommended work (issue 33). */
export const ESTIMATE_TERMS =
  'By signing you authorize the work you approved above, for the total shown. Work you declined or put off is not done or charged; we keep it as recommended work for a later visit. Anything added or repriced later is asked of you again before it is done.';

/**
 * The recommended work's answers, by link and on the technician's phone (issue 33, decision 125): each line,
 * the options, the total as it changes, then the terms, which come before the signature.
 */
export function EstimateAnswer({
  view,
  choices,
  field,
  photo,
}: {
  /** The acknowledgment page's reply (by link, or on the technician's phone): base lines and the estimate. */
  view: Parameters<typeof liveTotal>[0] & { estimate: EstimateViewJson };
  choices: Choices;
  /** The form's field: `choices.<key>` or `termsAccepted`. */
  field: (name: `choices.${string}` | 'termsAccepted') => UseFormRegisterReturn;
  photo: (id: string, alt: string) => ReactNode;
}) {
  return (
    <>
      <EstimateChoices
        estimate={view.estimate}
        field={(key) => field(`choices.${key}`)}
        total={liveTotal(view, view.estimate, choices)}
        photo={photo}
      />
      <p className="ack-page__terms">{ESTIMATE_TERMS}</p>
      <label className="check ack-page__check">
        <input type="checkbox" {...field('termsAccepted')} />I have read the terms and approve the work I
        chose above
      </label>
    </>
  );
}
