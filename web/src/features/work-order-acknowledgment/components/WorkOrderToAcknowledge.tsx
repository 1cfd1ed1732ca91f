import type { ReactNode } from 'react';
import { InspectionSummary } from '../../../components/inspection/InspectionSummary';
import type { AcknowledgmentView } from '../types';
import { WorkOrderSummary } from './WorkOrderSummary';

/** Where the photos come from: the link's route (a URL), or drawn by the caller (the shop's private photos). */
type PhotoProps =
  | { photoSrc: (id: string, size: 'full' | 'small') => string }
  | { photo: (id: string, alt: string) => ReactNode };

/**
 * What the customer reads and agrees to before acknowledging (issue 30): the
 * terms, the work order (lines and totals) and the inspection with its
 * photos, read-only, nothing internal. One view for the acknowledgment page
 * (by link) and for the technician's phone (signed in person).
 */
export function WorkOrderToAcknowledge({ view, ...photos }: { view: AcknowledgmentView } & PhotoProps) {
  return (
    <>
      <p className="ack-page__intro">
        Please review the work order below. Acknowledging it tells us you have read it and agree to the work
        and the estimate.
      </p>
      <WorkOrderSummary view={view} />
      <InspectionSummary inspection={view.inspection} photos={view.photos} {...photos} />
    </>
  );
}
