import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { AddPhotoButton } from '../../../components/ui/AddPhotoButton';
import { FormMessage } from '../../../components/ui/FormMessage';
import { PrivatePhoto } from '../../../components/ui/PrivatePhoto';
import { messageOf } from '../../../lib/api';
import { deletePhoto, photoObjectUrl, uploadPhoto } from '../inspection-api';
import { resizePhoto } from '../../../lib/image-resize';
import type { WorkOrderJson } from '../types';

/**
 * The inspection's photos (decision 080): taken with the phone's camera
 * (or chosen from the library), made smaller in the browser, uploaded one
 * by one, at most `limit`; each shown small with Remove.
 */
export function InspectionPhotos({
  workOrder,
  limit,
  onChanged,
}: {
  workOrder: WorkOrderJson;
  limit: number;
  onChanged: (order: WorkOrderJson) => void;
}) {
  const id = useId();
  const upload = useMutation({
    mutationFn: async (files: File[]) => {
      let order = workOrder;
      for (const file of files) order = await uploadPhoto(workOrder._id, await resizePhoto(file));
      return order;
    },
    onSuccess: onChanged,
  });
  const remove = useMutation({
    mutationFn: (photoId: string) => deletePhoto(workOrder._id, photoId),
    onSuccess: onChanged,
  });
  const full = workOrder.photos.length >= limit;

  return (
    <section className="inspection-form" aria-labelledby={id}>
      <h4 id={id} className="wo-form__title">
        Inspection photos ({workOrder.photos.length} of {limit})
      </h4>
      {workOrder.photos.length > 0 && (
        <ul className="inspection-photos inspection-photos--staff">
          {workOrder.photos.map((photo, n) => (
            <li key={photo.id}>
              <StaffPhoto
                workOrderId={workOrder._id}
                photoId={photo.id}
                label={`Inspection photo ${n + 1}`}
              />
              <button
                type="button"
                className="button button--secondary"
                disabled={remove.isPending}
                onClick={() => remove.mutate(photo.id)}
              >
                Remove photo {n + 1}
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="inspection-photo-actions">
        <AddPhotoButton
          room={limit - workOrder.photos.length}
          pending={upload.isPending}
          onFiles={upload.mutate}
          capture="environment"
        />
        {full && <span className="wo-form__hint">The limit of {limit} photos is reached.</span>}
      </div>
      {upload.isError && (
        <FormMessage tone="error">{messageOf(upload.error, 'The photo could not be uploaded.')}</FormMessage>
      )}
      {remove.isError && (
        <FormMessage tone="error">{messageOf(remove.error, 'The photo could not be removed.')}</FormMessage>
      )}
    </section>
  );
}

/** An inspection photo, read with the session (components/ui/PrivatePhoto). */
export function StaffPhoto({
  workOrderId,
  photoId,
  label,
}: {
  workOrderId: string;
  photoId: string;
  label: string;
}) {
  return (
    <PrivatePhoto
      cacheKey={['work-order', workOrderId, photoId]}
      load={() => photoObjectUrl(workOrderId, photoId, 'small')}
      label={label}
    />
  );
}
