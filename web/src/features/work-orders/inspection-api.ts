import type { InspectionInput } from '@app/core/workorder/inspection/model';
import { useMutation } from '@tanstack/react-query';
import { api, okResponse, path, unwrap, withForm } from '../../lib/api';

/**
 * The shop's inspection calls (decision 080): the checklist, and the photos
 * (uploaded as multipart, read back as blobs since they need the session
 * header: the shop's photos are never public).
 */
const workOrders = api.api.workOrders;
const byPhoto = (id: string, photoId: string) => ({ param: path({ id, photoId }) });

export const saveInspection = (id: string, input: InspectionInput) =>
  unwrap(workOrders[':id'].inspection.$put({ param: path({ id }), json: input }));

/** Saves the checklist; the caller gets the work order the server replied with. */
export const useSaveInspectionMutation = (
  id: string,
  onSaved: (order: Awaited<ReturnType<typeof saveInspection>>) => void,
) => useMutation({ mutationFn: (input: InspectionInput) => saveInspection(id, input), onSuccess: onSaved });

/** Uploads a photo, of the inspection item `category` when given (decision 129), else a general one. */
export function uploadPhoto(id: string, photo: Blob, category?: string) {
  const form = new FormData();
  form.set('photo', photo, 'photo.jpg');
  if (category) form.set('category', category);
  return unwrap(workOrders[':id'].photos.$post({ param: path({ id }) }, withForm(form)));
}

export const deletePhoto = (id: string, photoId: string) =>
  unwrap(workOrders[':id'].photos[':photoId'].$delete(byPhoto(id, photoId)));

/** A photo as an object URL for an <img> (the caller revokes it). */
export async function photoObjectUrl(id: string, photoId: string, size: 'full' | 'small'): Promise<string> {
  const response = await okResponse(
    workOrders[':id'].photos[':photoId'].$get({ ...byPhoto(id, photoId), query: { size } }),
  );
  return URL.createObjectURL(await response.blob());
}
