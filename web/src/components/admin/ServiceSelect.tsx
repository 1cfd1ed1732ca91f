import { useQuery } from '@tanstack/react-query';
import { type ComponentPropsWithRef, useId } from 'react';
import { messageOf } from '../../lib/api';
import { type ServiceInfo, servicesQueryOptions } from '../../lib/shared-queries';

type ServiceSelectProps = Omit<ComponentPropsWithRef<'select'>, 'id' | 'children'> & {
  label?: string;
  /** The first option (value ''). */
  placeholder: string;
  /** The first option's text while the services load (else `placeholder`). */
  loadingText?: string;
  /** Options between the placeholder and the services, as [value, text]. */
  extraOptions?: readonly (readonly [string, string])[];
  /** A service's option text (its name unless given). */
  optionText?: (service: ServiceInfo) => string;
  /** The field's error (from the form's rules). */
  error?: string;
  /** Shown, with the server's msg when there is one, when the services could not be had. */
  failedText?: string;
};

/**
 * The service select of the admin panels (the admin kit, decision 054). It
 * reads the one shared services query, so an edit in the Service Manager
 * reaches every panel's select at once. Works controlled or with
 * react-hook-form's `register` (the ref passes through).
 */
export function ServiceSelect({
  label = 'Service',
  placeholder,
  loadingText,
  extraOptions = [],
  optionText = (service) => service.name,
  error,
  failedText = 'Could not fetch services.',
  ...select
}: ServiceSelectProps) {
  const id = useId();
  const services = useQuery(servicesQueryOptions());
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        className="select"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...select}
      >
        <option value="">{services.isPending && loadingText ? loadingText : placeholder}</option>
        {extraOptions.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
        {services.data?.map((service) => (
          <option key={service._id} value={service._id}>
            {optionText(service)}
          </option>
        ))}
      </select>
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
      {services.isError && (
        <p className="field__error" role="alert">
          {messageOf(services.error, failedText)}
        </p>
      )}
    </div>
  );
}
