import { describe, expect, it } from 'vitest';
import { IMAGE_MAX_BYTES, imageProblem, reviewMessages, validateReview } from './validate';

const files = (...list: { name: string; type: string; size: number }[]) => list as unknown as FileList;
const problems = (values: Partial<Parameters<typeof validateReview>[0]>) =>
  Object.fromEntries(
    Object.entries(
      validateReview({ rating: '5', quote: 'Great work', profileImage: null, ...values }),
    ).filter(([, m]) => m),
  );

describe('the review form (doc 2 §5)', () => {
  it('needs a rating of 1 to 5 and a quote; the image is optional', () => {
    expect(problems({})).toEqual({});
    expect(problems({ rating: '', quote: '   ' })).toEqual({
      rating: reviewMessages.ratingRequired,
      quote: reviewMessages.quoteRequired,
    });
    expect(problems({ rating: '0' })).toEqual({ rating: reviewMessages.ratingRequired });
    expect(problems({ rating: '6' })).toEqual({ rating: reviewMessages.ratingRequired });
    expect(problems({ rating: '1' })).toEqual({});
  });

  it('keeps the quote within the server’s 2000 characters', () => {
    expect(problems({ quote: 'x'.repeat(2000) })).toEqual({});
    expect(problems({ quote: 'x'.repeat(2001) })).toEqual({ quote: reviewMessages.quoteTooLong });
  });

  it('takes a PNG, JPG or GIF up to 4 MB', () => {
    expect(problems({ profileImage: files({ name: 'me.png', type: 'image/png', size: 1000 }) })).toEqual({});
    expect(imageProblem({ name: 'me.jpg', type: 'image/jpeg', size: IMAGE_MAX_BYTES })).toBeUndefined();
    expect(imageProblem({ name: 'me.gif', type: 'image/gif', size: 1 })).toBeUndefined();
    expect(imageProblem({ name: 'me.jpg', type: 'image/jpeg', size: IMAGE_MAX_BYTES + 1 })).toBe(
      reviewMessages.imageTooLarge,
    );
    expect(imageProblem({ name: 'me.webp', type: 'image/webp', size: 10 })).toBe(reviewMessages.imageType);
    expect(imageProblem({ name: 'me.svg', type: 'image/svg+xml', size: 10 })).toBe(reviewMessages.imageType);
    expect(
      problems({ profileImage: files({ name: 'notes.pdf', type: 'application/pdf', size: 10 }) }),
    ).toEqual({
      profileImage: reviewMessages.imageType,
    });
  });

  it('reads the extension when the system gives no type', () => {
    expect(imageProblem({ name: 'ME.JPEG', type: '', size: 10 })).toBeUndefined();
    expect(imageProblem({ name: 'me.heic', type: '', size: 10 })).toBe(reviewMessages.imageType);
  });
});
