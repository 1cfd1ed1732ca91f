import type { Inspection } from '@app/core/workorder/inspection/model';
import {
  CATEGORY_LABELS,
  CONDITION_LABELS,
  generalPhotos,
  photosOfItem,
} from '@app/core/workorder/inspection/terms';
import { type ReactNode, useId } from 'react';
import './inspection.css';

type PhotoSource =
  | {
      /** Where a photo is served to this reader (the link's or the portal's route), full size or small. */
      photoSrc: (id: string, size: 'full' | 'small') => string;
      photo?: never;
    }
  | {
      /** A photo drawn by the caller (the shop's private photos, read with the session). */
      photo: (id: string, alt: string) => ReactNode;
      photoSrc?: never;
    };

type Props = {
  inspection: Inspection | null;
  /** Each photo with the inspection item it shows, if any (decision 129). */
  photos: { id: string; category?: string | null }[];
} & PhotoSource;

/**
 * The vehicle inspection as the customer reads it (decision 080): each
 * category with its condition, note and its own photos (decision 129), then
 * the general photos, each opening full size. Shared by the acknowledgment
 * page, the portal and the technician's phone.
 */
export function InspectionSummary({ inspection, photos, ...source }: Props) {
  const id = useId();
  if (!inspection && photos.length === 0) return null;
  const general = generalPhotos(photos, inspection?.items);
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
              <PhotoStrip
                ids={photosOfItem(photos, item.category).map((p) => p.id)}
                name={`${CATEGORY_LABELS[item.category]} photo`}
                {...source}
              />
            </li>
          ))}
        </ul>
      )}
      {inspection && general.length > 0 && <h3 className="inspection-summary__subtitle">Other photos</h3>}
      <PhotoStrip ids={general.map((p) => p.id)} name="Inspection photo" {...source} />
    </section>
  );
}

/** Photos in a row, each "<name> n of m", opening full size (nothing when none). */
function PhotoStrip({
  ids,
  name,
  photoSrc,
  photo: drawPhoto,
}: { ids: string[]; name: string } & PhotoSource) {
  if (ids.length === 0) return null;
  return (
    <ul className="inspection-photos" aria-label={`${name}s`}>
      {ids.map((photoId, n) => {
        const alt = `${name} ${n + 1} of ${ids.length}`;
        return (
          <li key={photoId}>
            {photoSrc ? (
              <a href={photoSrc(photoId, 'full')} target="_blank" rel="noreferrer">
                <img src={photoSrc(photoId, 'small')} alt={alt} loading="lazy" width={180} height={135} />
              </a>
            ) : (
              drawPhoto(photoId, alt)
            )}
          </li>
        );
      })}
    </ul>
  );
}
