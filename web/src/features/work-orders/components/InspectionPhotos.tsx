import { useMutation } from '@tanstack/react-query';
import {
  CATEGORY_LABELS,
  generalPhotos,
  type InspectionCategory,
  photosOfItem,
} from '@app/core/workorder/inspection/terms';
import { type ReactNode, useId } from 'react';
import { AddPhotoButton } from '../../../components/ui/AddPhotoButton';
import { FormMessage } from '../../../components/ui/FormMessage';
import { PrivatePhoto } from '../../../components/ui/PrivatePhoto';
import { messageOf } from '../../../lib/api';
import { deletePhoto, photoObjectUrl, uploadPhoto } from '../inspection-api';
import { resizePhoto } from '../../../lib/image-resize';
import type { WorkOrderJson } from '../types';

type Changed = (order: WorkOrderJson) => void;

/**
 * The inspection's general photos (decision 080): taken with the phone's camera
 * (or chosen from the library), made smaller in the browser, uploaded one
 * by one, at most the work order's `photoLimit` in all; each shown small with Remove. A photo of an
 * inspected item is added from that item's row of the checklist (decision 129).
 */
export function InspectionPhotos({ workOrder, onChanged }: { workOrder: WorkOrderJson; onChanged: Changed }) {
  const id = useId();
  const limit = workOrder.photoLimit;
  const full = workOrder.photos.length >= limit;
  return (
    <section className="inspection-form" aria-labelledby={id}>
      <h4 id={id} className="wo-form__title">
        Inspection photos ({workOrder.photos.length} of {limit})
      </h4>
      <p className="wo-form__hint">A photo of an inspected item is added from its row above.</p>
      <PhotoGroup
        workOrder={workOrder}
        photos={generalPhotos(workOrder.photos, workOrder.inspection?.items)}
        name={(n) => `Inspection photo ${n}`}
        removeName={(n) => `Remove photo ${n}`}
        onChanged={onChanged}
      >
        {full && <span className="wo-form__hint">The limit of {limit} photos is reached.</span>}
      </PhotoGroup>
    </section>
  );
}

/** An inspected item's photos, in its row of the checklist, with Add Photo for that item (decision 129). */
export function ItemPhotos({
  workOrder,
  category,
  onChanged,
}: {
  workOrder: WorkOrderJson;
  category: InspectionCategory;
  onChanged: Changed;
}) {
  const label = CATEGORY_LABELS[category];
  return (
    <PhotoGroup
      workOrder={workOrder}
      category={category}
      photos={photosOfItem(workOrder.photos, category)}
      name={(n) => `${label} photo ${n}`}
      removeName={(n) => `Remove ${label} photo ${n}`}
      onChanged={onChanged}
    />
  );
}

/** Photos with Remove, then Add Photo (of `category` when given): the work order's room is shared by all. */
function PhotoGroup({
  workOrder,
  category,
  photos,
  name,
  removeName,
  onChanged,
  children,
}: {
  workOrder: WorkOrderJson;
  category?: string;
  photos: WorkOrderJson['photos'];
  name: (n: number) => string;
  removeName: (n: number) => string;
  onChanged: Changed;
  children?: ReactNode;
}) {
  const upload = useMutation({
    mutationFn: async (files: File[]) => {
      let order = workOrder;
      for (const file of files) order = await uploadPhoto(workOrder._id, await resizePhoto(file), category);
      return order;
    },
    onSuccess: onChanged,
  });
  const remove = useMutation({
    mutationFn: (photoId: string) => deletePhoto(workOrder._id, photoId),
    onSuccess: onChanged,
  });
  return (
    <>
      {photos.length > 0 && (
        <ul className="inspection-photos inspection-photos--staff">
          {photos.map((photo, n) => (
            <li key={photo.id}>
              <StaffPhoto workOrderId={workOrder._id} photoId={photo.id} label={name(n + 1)} />
              <button
                type="button"
                className="button button--secondary"
                disabled={remove.isPending}
                onClick={() => remove.mutate(photo.id)}
              >
                {removeName(n + 1)}
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="inspection-photo-actions">
        <AddPhotoButton
          room={workOrder.photoLimit - workOrder.photos.length}
          pending={upload.isPending}
          onFiles={upload.mutate}
          capture="environment"
        />
        {children}
      </div>
      {upload.isError && (
        <FormMessage tone="error">{messageOf(upload.error, 'The photo could not be uploaded.')}</FormMessage>
      )}
      {remove.isError && (
        <FormMessage tone="error">{messageOf(remove.error, 'The photo could not be removed.')}</FormMessage>
      )}
    </>
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
