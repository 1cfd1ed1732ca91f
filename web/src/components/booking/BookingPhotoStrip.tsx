import { useQuery } from '@tanstack/react-query';
import { bookingPhotoIds, bookingPhotoUrl } from '../../lib/booking-photos';
import { PrivatePhoto } from '../ui/PrivatePhoto';

/** The photos the customer attached to a booking (issue 34): small, each opening full size. */
export function BookingPhotoStrip({
  bookingId,
  photoIds,
}: {
  bookingId: string;
  photoIds: readonly string[];
}) {
  if (photoIds.length === 0) return null;
  return (
    <ul className="inspection-photos booking-photos" aria-label="Customer’s photos">
      {photoIds.map((photoId, n) => (
        <li key={photoId}>
          <PrivatePhoto
            cacheKey={['booking', bookingId, photoId]}
            load={() => bookingPhotoUrl(bookingId, photoId, 'small')}
            label={`Customer’s photo ${n + 1}`}
          />
        </li>
      ))}
    </ul>
  );
}

/** A booking's photos by its id alone (a work order's page): nothing while none. */
export function BookingPhotosOf({ bookingId }: { bookingId: string }) {
  const ids = useQuery({
    queryKey: ['booking-photos', bookingId],
    queryFn: () => bookingPhotoIds(bookingId),
  });
  if (!ids.data?.length) return null;
  return (
    <section className="inspection-form">
      <h4 className="wo-form__title">Customer’s photos</h4>
      <BookingPhotoStrip bookingId={bookingId} photoIds={ids.data} />
    </section>
  );
}
