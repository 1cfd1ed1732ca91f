import { describe, expect, it, vi } from 'vitest';
import { createFormControl, type FieldErrors, type UseFormReturn } from 'react-hook-form';
import { bindFields, firstMessage, fromLateData, messagesResolver, trimmed } from './forms';

type Fields = { name: string; email: string };
const resolve = messagesResolver<Fields>((values) => ({
  name: values.name ? undefined : 'Name is required',
  email: values.email.includes('@') ? '' : 'Email is invalid',
}));
const options = { fields: {}, shouldUseNativeValidation: false };

describe('messagesResolver', () => {
  it('passes valid values through', async () => {
    const values = { name: 'Ada', email: 'ada@example.com' };
    expect(await resolve(values, undefined, options)).toEqual({ values, errors: {} });
  });

  it('turns each message into a field error and ignores empty ones', async () => {
    expect(await resolve({ name: '', email: 'x' }, undefined, options)).toEqual({
      values: {},
      errors: {
        name: { type: 'validate', message: 'Name is required' },
        email: { type: 'validate', message: 'Email is invalid' },
      },
    });
    expect(await resolve({ name: '', email: 'a@b' }, undefined, options)).toEqual({
      values: {},
      errors: { name: { type: 'validate', message: 'Name is required' } },
    });
  });
});

describe('fromLateData', () => {
  type Details = { firstName: string; make: string; model: string };
  const account = { firstName: 'Casey', make: '', model: '' };

  it('fills only the fields not yet changed when the data comes again', () => {
    const options = fromLateData<Details>(account);
    // As useForm does with these options: the values are the form's first values, ...
    const { register, setValue, reset, getValues } = createFormControl<Details>(options);
    for (const name of ['firstName', 'make', 'model'] as const) register(name);
    expect(getValues()).toEqual(account);
    setValue('make', 'Honda', { shouldDirty: true });
    // ... and each new content of `values` resets the form with `resetOptions`.
    reset({ firstName: 'Casey Jo', make: '', model: '' }, options.resetOptions);
    expect(getValues()).toEqual({ firstName: 'Casey Jo', make: 'Honda', model: '' });
    setValue('firstName', 'KC', { shouldDirty: true });
    reset({ firstName: 'Casey', make: 'Toyota', model: 'Corolla' }, options.resetOptions);
    expect(getValues()).toEqual({ firstName: 'KC', make: 'Honda', model: 'Corolla' });
  });
});

describe('trimmed', () => {
  it('trims every text of the values, as a form sends them', () => {
    expect(trimmed({ name: '  Ada ', email: 'ada@example.com\n' })).toEqual({
      name: 'Ada',
      email: 'ada@example.com',
    });
  });
});

describe('firstMessage', () => {
  it('gives the first message found, in the order asked, for a form with one message', () => {
    const errors = {
      email: { type: 'validate', message: 'Bad email' },
      name: { type: 'validate', message: 'No name' },
    };
    expect(firstMessage(errors, ['name', 'email'])).toBe('No name');
    expect(firstMessage(errors, ['email', 'name'])).toBe('Bad email');
    expect(firstMessage({}, ['name', 'email'])).toBeUndefined();
  });
});

describe('bindFields', () => {
  type Fields = { email: string; password: string };
  const formWith = (errors: FieldErrors<Fields>) => {
    const methods = createFormControl<Fields>({ defaultValues: { email: '', password: '' } });
    methods.control._formState.errors = errors;
    return { ...methods, formState: methods.control._formState } as unknown as UseFormReturn<Fields>;
  };
  const errors = { email: { type: 'validate', message: 'Please enter a valid email.' } };

  it('gives a field its registration, its message and the busy state', () => {
    const field = bindFields(formWith(errors), { disabled: true })('email');
    expect(field).toMatchObject({ name: 'email', error: 'Please enter a valid email.', disabled: true });
    expect(typeof field.onChange).toBe('function');
    expect(typeof field.ref).toBe('function');
    // Unset, the field decides whether it is disabled.
    expect('disabled' in bindFields(formWith(errors))('email')).toBe(false);
  });

  it('leaves the message out where the form shows one for all', () => {
    expect('error' in bindFields(formWith(errors), { messages: 'form' })('email')).toBe(false);
  });

  it('clears the field’s message, or the form’s, when it is edited', async () => {
    const form = formWith(errors);
    const clearErrors = vi.fn();
    form.clearErrors = clearErrors;
    const edit = { target: { name: 'email', value: 'x' }, type: 'change' };
    await bindFields(form, { clearOnEdit: 'field' })('email').onChange(edit);
    expect(clearErrors).toHaveBeenLastCalledWith('email');
    await bindFields(form, { clearOnEdit: 'form' })('email').onChange(edit);
    expect(clearErrors).toHaveBeenLastCalledWith();
    // Unset, a message stays until the next submit.
    const kept = formWith(errors);
    kept.clearErrors = vi.fn();
    await bindFields(kept)('email').onChange(edit);
    expect(kept.clearErrors).not.toHaveBeenCalled();
  });
});
