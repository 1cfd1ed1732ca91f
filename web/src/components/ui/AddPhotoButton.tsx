import type { ChangeEvent } from 'react';

type AddPhotoButtonProps = {
  /** How many photos may still be added: none left disables the button. */
  room: number;
  /** An upload under way: the button reads 'Uploading...' and waits. */
  pending: boolean;
  /** The files chosen, at most `room` of them. */
  onFiles: (files: File[]) => void;
  /** 'environment': a phone opens its back camera first. */
  capture?: 'environment';
  describedBy?: string;
};

/**
 * Add Photo (booking photos, inspection photos): a button over a hidden file input, taking several
 * images at once. The input is emptied once read, so the same photo may be chosen again.
 */
export function AddPhotoButton({ room, pending, onFiles, capture, describedBy }: AddPhotoButtonProps) {
  const disabled = room <= 0 || pending;
  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])].slice(0, room);
    event.target.value = '';
    if (files.length) onFiles(files);
  };
  return (
    <label className={`button button--secondary${disabled ? ' is-disabled' : ''}`}>
      {pending ? 'Uploading...' : 'Add Photo'}
      <input
        className="visually-hidden-input"
        type="file"
        accept="image/*"
        capture={capture}
        multiple
        aria-describedby={describedBy}
        disabled={disabled}
        onChange={pick}
      />
    </label>
  );
}
