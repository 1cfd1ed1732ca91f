import { type ComponentPropsWithRef, useId, useState } from 'react';
import './star-rating-input.css';

const MAX = 5;

type StarRatingInputProps = Omit<ComponentPropsWithRef<'input'>, 'type' | 'value' | 'id'> & {
  /** The group's name for screen readers, e.g. 'Rating'. */
  legend: string;
  /** The chosen rating ('' for none yet), to fill the stars. */
  selected: string;
  /** Shown under the stars and announced with them; marks the group invalid. */
  error?: string;
};

/**
 * A 1-5 star choice as a group of native radio buttons: Tab reaches it, the
 * arrow keys change the rating, each star is labelled '1 star' ... '5 stars',
 * and the focused star is outlined. Each radio lies, transparent, over its
 * star (its label), so a click lands on the radio itself. Every other input
 * prop (name, onChange, ref from a form library, required) goes to each radio.
 */
export function StarRatingInput({ legend, selected, error, className, ...radio }: StarRatingInputProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const [hovered, setHovered] = useState(0);
  const chosen = Number(selected) || 0;
  const lit = hovered || chosen;

  return (
    <fieldset
      className={className ? `field star-input ${className}` : 'field star-input'}
      aria-describedby={error ? errorId : undefined}
    >
      <legend>{legend}</legend>
      <div className="star-input__stars" onMouseLeave={() => setHovered(0)}>
        {Array.from({ length: MAX }, (_, i) => {
          const value = i + 1;
          const label = `${value} ${value === 1 ? 'star' : 'stars'}`;
          return (
            <span key={value} className="star-input__option" onMouseEnter={() => setHovered(value)}>
              <input
                type="radio"
                id={`${id}-${value}`}
                className="star-input__radio"
                value={String(value)}
                aria-invalid={error ? true : undefined}
                {...radio}
              />
              <label
                htmlFor={`${id}-${value}`}
                className={value <= lit ? 'star-input__star is-on' : 'star-input__star'}
              >
                <span aria-hidden="true">★</span>
                <span className="visually-hidden">{label}</span>
              </label>
            </span>
          );
        })}
        <span className="star-input__summary" aria-hidden="true">
          {chosen ? `${chosen} out of ${MAX}` : 'Not rated yet'}
        </span>
      </div>
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
