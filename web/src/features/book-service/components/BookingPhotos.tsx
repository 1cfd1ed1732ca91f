import { BOOKING_PHOTO_LIMIT } from '@app/core/photo/messages';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { AddPhotoButton } from '../../../components/ui/AddPhotoButton';
import { FormMessage } from '../../../components/ui/FormMessage';
import { messageOf } from '../../../lib/api';
import { uploadBookingPhoto } from '../../../lib/booking-photos';
import { resizePhoto } from '../../../lib/image-resize';

type Chosen = { id: string; preview: string };

/**
 * Photos at booking (issue 34, decision 123): up to five, taken with the phone's camera or chosen,
 * made smaller in the browser and uploaded at once (the server writes them again without their
 * metadata); the booking names them. The service may say what to photograph, and require one.
 */
export function BookingPhotos({
  prompt,
  required,
  error,
  onChange,
}: {
  prompt?: string;
  required: boolean;
  error?: string;
  onChange: (photoIds: string[]) => void;
}) {
  const id = useId();
  const [chosen, setChosen] = useState<Chosen[]>([]);
  // The previews' object URLs go with the page.
  const previews = useRef<Chosen[]>([]);
  useEffect(() => {
    previews.current = chosen;
    onChange(chosen.map((c) => c.id));
  }, [chosen, onChange]);
  useEffect(() => () => previews.current.forEach((c) => URL.revokeObjectURL(c.preview)), []);

  const upload = useMutation({
    mutationFn: async (files: File[]) => {
      const added: Chosen[] = [];
      for (const file of files) {
        const photo = await resizePhoto(file);
        added.push({ id: await uploadBookingPhoto(photo), preview: URL.createObjectURL(photo) });
        setChosen((now) => [...now, added.at(-1)!]);
      }
      return added;
    },
  });
  const remove = (photo: Chosen) => {
    URL.revokeObjectURL(photo.preview);
    setChosen((now) => now.filter((c) => c.id !== photo.id));
  };

  return (
    <div className="field booking-photos" role="group" aria-labelledby={id}>
      <p id={id} className="field__label">
        Photos {required ? '(at least one)' : '(optional)'} · {chosen.length} of {BOOKING_PHOTO_LIMIT}
      </p>
      <p className="booking-form__hint">
        {prompt || 'A photo of the warning light, the leak or the spot to clean saves a wasted trip.'}
      </p>
      <p className="booking-form__hint">
        Only the shop and your technician see them; their location data is removed.
      </p>
      {chosen.length > 0 && (
        <ul className="inspection-photos">
          {chosen.map((photo, n) => (
            <li key={photo.id}>
              <img src={photo.preview} alt={`Your photo ${n + 1}`} width={180} height={135} />
              <button type="button" className="button button--secondary" onClick={() => remove(photo)}>
                Remove photo {n + 1}
              </button>
            </li>
          ))}
        </ul>
      )}
      <AddPhotoButton
        room={BOOKING_PHOTO_LIMIT - chosen.length}
        pending={upload.isPending}
        onFiles={upload.mutate}
        describedBy={error ? `${id}-error` : undefined}
      />
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
      {upload.isError && (
        <FormMessage tone="error">{messageOf(upload.error, 'The photo could not be uploaded.')}</FormMessage>
      )}
    </div>
  );
}
