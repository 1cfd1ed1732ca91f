import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { makesQueryOptions, modelsQueryOptions } from '../api';

type MakeAndModelProps = {
  make: string;
  model: string;
  onMakeChange: (make: string) => void;
  onModelChange: (model: string) => void;
  /** The custom booking form requires both; the search does not. */
  required?: boolean;
  makeError?: string;
  modelError?: string;
  /** The empty choice's text: 'Any make' in the search, 'Select a make' in the form. */
  anyLabel: { make: string; model: string };
};

/**
 * Make and model, from the vehicle data routes (GET /api/vehicleData/makes and
 * /models/{make}). Model is disabled until a make is chosen (doc 2 §2); a new
 * make clears the model. When a list cannot be had (the source is down, or it
 * knows no models for that make) the field becomes a text box, so the desk
 * never stops for it.
 */
export function MakeAndModel({
  make,
  model,
  onMakeChange,
  onModelChange,
  required = false,
  makeError,
  modelError,
  anyLabel,
}: MakeAndModelProps) {
  const makes = useQuery(makesQueryOptions());
  const models = useQuery(modelsQueryOptions(make));
  const id = useId();

  const makeList = makes.data && makes.data.length > 0 ? makes.data : null;
  const modelList = models.data && models.data.length > 0 ? models.data : null;
  const typeMake = makes.isError || (makes.isSuccess && !makeList);
  const typeModel = make !== '' && (models.isError || (models.isSuccess && !modelList));

  const changeMake = (next: string) => {
    onMakeChange(next);
    onModelChange('');
  };

  return (
    <>
      <div className="field">
        <label htmlFor={`${id}-make`}>Make</label>
        {typeMake ? (
          <input
            id={`${id}-make`}
            className="input"
            value={make}
            maxLength={60}
            required={required}
            onChange={(event) => changeMake(event.target.value)}
            aria-invalid={makeError ? true : undefined}
            aria-describedby={`${id}-make-hint${makeError ? ` ${id}-make-error` : ''}`}
          />
        ) : (
          <select
            id={`${id}-make`}
            className="select"
            value={make}
            required={required}
            disabled={makes.isPending}
            onChange={(event) => changeMake(event.target.value)}
            aria-invalid={makeError ? true : undefined}
            aria-describedby={makeError ? `${id}-make-error` : undefined}
          >
            <option value="">{makes.isPending ? 'Loading makes...' : anyLabel.make}</option>
            {make && makeList && !makeList.includes(make) && <option value={make}>{make}</option>}
            {makeList?.map((item) => (
              <option key={item} value={item}>
                {item}
              </option>
            ))}
          </select>
        )}
        {typeMake && (
          <p id={`${id}-make-hint`} className="field__hint">
            The list of makes could not be loaded; type the make.
          </p>
        )}
        {makeError && (
          <p id={`${id}-make-error`} className="field__error">
            {makeError}
          </p>
        )}
      </div>
      <div className="field">
        <label htmlFor={`${id}-model`}>Model</label>
        {typeModel ? (
          <input
            id={`${id}-model`}
            className="input"
            value={model}
            maxLength={60}
            required={required}
            onChange={(event) => onModelChange(event.target.value)}
            aria-invalid={modelError ? true : undefined}
            aria-describedby={`${id}-model-hint${modelError ? ` ${id}-model-error` : ''}`}
          />
        ) : (
          <select
            id={`${id}-model`}
            className="select"
            value={model}
            required={required}
            disabled={make === '' || models.isPending}
            onChange={(event) => onModelChange(event.target.value)}
            aria-invalid={modelError ? true : undefined}
            aria-describedby={modelError ? `${id}-model-error` : undefined}
          >
            <option value="">
              {make === '' ? 'Choose a make first' : models.isPending ? 'Loading models...' : anyLabel.model}
            </option>
            {model && modelList && !modelList.includes(model) && <option value={model}>{model}</option>}
            {modelList?.map((item) => (
              <option key={item} value={item}>
                {item}
              </option>
            ))}
          </select>
        )}
        {typeModel && (
          <p id={`${id}-model-hint`} className="field__hint">
            No list of models for this make; type the model.
          </p>
        )}
        {modelError && (
          <p id={`${id}-model-error`} className="field__error">
            {modelError}
          </p>
        )}
      </div>
    </>
  );
}
