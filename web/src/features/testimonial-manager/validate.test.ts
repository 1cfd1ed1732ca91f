import { describe, expect, it } from 'vitest';
import { authorProblem, managerMessages, validateAuthor, validateTestimonial } from './validate';

const file = (name: string, type: string, size = 10) => ({ name, type, size }) as File;
const list = (...files: File[]) => files as unknown as FileList;
const valid = { serviceId: 'svc_1', quote: 'Great.', rating: '5', authorName: '', profileImage: null };

describe('validateTestimonial', () => {
  it('accepts a service, a quote and 1-5 stars; the author and image are optional', () => {
    expect(Object.values(validateTestimonial(valid)).filter(Boolean)).toEqual([]);
  });

  it('names each missing or bad field', () => {
    const messages = validateTestimonial({ ...valid, serviceId: '', quote: '  ', rating: '' });
    expect(messages).toMatchObject({
      serviceId: managerMessages.serviceRequired,
      quote: managerMessages.quoteRequired,
      rating: managerMessages.ratingRequired,
    });
    expect(validateTestimonial({ ...valid, rating: '6' }).rating).toBe(managerMessages.ratingRequired);
  });

  it('checks the image’s declared type and size (the server checks its bytes)', () => {
    expect(
      validateTestimonial({ ...valid, profileImage: list(file('a.svg', 'image/svg+xml')) }).profileImage,
    ).toMatch(/PNG, JPG or GIF/);
    expect(
      validateTestimonial({ ...valid, profileImage: list(file('a.png', 'image/png', 4 * 1024 * 1024 + 1)) })
        .profileImage,
    ).toMatch(/4 MB/);
    expect(
      validateTestimonial({ ...valid, profileImage: list(file('a.gif', 'image/gif')) }).profileImage,
    ).toBe(undefined);
  });
});

describe('authorProblem', () => {
  it('requires a name of at most 120 characters', () => {
    expect(authorProblem('  ')).toBe('Author name is required.');
    expect(authorProblem('x'.repeat(121))).toMatch(/at most 120/);
    expect(authorProblem('Maria Lopez')).toBeUndefined();
  });
});

describe('validateAuthor', () => {
  it('is the author rule on the form’s one field', () => {
    expect(validateAuthor({ authorName: ' ' })).toEqual({ authorName: managerMessages.authorRequired });
    expect(validateAuthor({ authorName: 'x'.repeat(200) })).toEqual({
      authorName: managerMessages.authorTooLong,
    });
    expect(validateAuthor({ authorName: ' Dana ' })).toEqual({ authorName: undefined });
  });
});
