import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, path, unwrap } from './api';
import { dispatchKeys } from './dispatch';
import { deskKeys } from './shared-queries';

/**
 * Gives a booking to another technician (PUT /api/admin/bookings/:id/technician):
 * the server claims the new technician's time and releases the old in one
 * transaction, or answers 409 `{ msg }` saying why it does not fit. Then every
 * view of the days and the desk's list are read again.
 */
export function useReassign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ bookingId, technician }: { bookingId: string; technician: number }) =>
      unwrap(
        api.api.admin.bookings[':id'].technician.$put({
          param: path({ id: bookingId }),
          json: { technician },
        }),
      ),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: dispatchKeys.all }),
        // The desk's lists show the technician too.
        queryClient.invalidateQueries({ queryKey: deskKeys.bookings }),
      ]),
  });
}
