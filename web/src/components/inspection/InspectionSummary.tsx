import type { Inspection } from '@app/core/workorder/inspection/model';
import { CATEGORY_LABELS, CONDITION_LABELS } from '@app/core/workorder/inspection/terms';
import { type ReactNode, useId } from 'react';
import './inspection.css';

type Props = {
  inspection: Inspection | null;
  photos: { id: string }[];
} & (
  | {
      /** Where a photo is served to this reader (the link's or the portal's route), full size or small. */
      photoSrc: (id: string, size: 'full' | 'small') => string;
      photo?: never;
    }
  | {
      /** A photo drawn by the caller (the shop's private photos, read with the session). */
      photo: (id: string, alt: string) => ReactNode;
      photoSrc?: never;
    }
);

/**
 * The vehicle inspection as the customer reads it (decision 080): each
 * category with its condition and note, then the photos, each opening full
 * size. Shared by the acknowledgment page, the portal and the technician's phone.
 */
export function InspectionSummary({ inspection, photos, photoSrc, photo: drawPhoto }: Props) {
  const id = useId();
  if (!inspection && photos.length === 0) return null;
  return (
    <section className="card inspection-summary" aria-labelledby={id}>
      <h2 id={id} className="inspection-summary__title">
        Vehicle inspection
      </h2>
      {inspection && (
        <ul className="inspection-summary__items">
          {inspection.items.map((item) => (
            <li key={item.category} className="inspection-summary__item">
              <span className="inspection-summary__category">{CATEGORY_LABELS[item.category]}</span>
              <span className={`inspection-condition inspection-condition--${item.condition}`}>
                {CONDITION_LABELS[item.condition]}
              </span>
              {item.note && <span className="inspection-summary__note">{item.note}</span>}
            </li>
          ))}
        </ul>
      )}
      {photos.length > 0 && (
        <ul className="inspection-photos" aria-label="Inspection photos">
          {photos.map((photo, n) => (
            <li key={photo.id}>
              {photoSrc ? (
                <a href={photoSrc(photo.id, 'full')} target="_blank" rel="noreferrer">
                  <img
                    src={photoSrc(photo.id, 'small')}
                    alt={`Inspection photo ${n + 1} of ${photos.length}`}
                    loading="lazy"
                    width={180}
                    height={135}
                  />
                </a>
              ) : (
                drawPhoto(photo.id, `Inspection photo ${n + 1} of ${photos.length}`)
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
