import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

type TermsFieldProps = {
  /** The form's `register('acceptTerms')`. */
  registration: UseFormRegisterReturn;
  error?: string;
};

/** The booking's terms checkbox (doc 1 §8), its link opening the terms in a new tab. */
export function TermsField({ registration, error }: TermsFieldProps) {
  const termsId = useId();
  return (
    <div className="field">
      <div className="check booking-form__terms">
        <input
          id={termsId}
          type="checkbox"
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${termsId}-error` : undefined}
          {...registration}
        />
        <label htmlFor={termsId}>
          I agree to the{' '}
          <Link to="/terms" target="_blank" rel="noopener">
            terms and conditions
            <span className="visually-hidden"> (opens in a new tab)</span>
          </Link>
        </label>
      </div>
      {error && (
        <p id={`${termsId}-error`} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}
