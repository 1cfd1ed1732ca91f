import { describe, expect, it } from 'vitest';
import { messagesResolver } from './forms';

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
