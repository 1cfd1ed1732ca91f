import { describe, expect, it } from 'vitest';
import { validatePost } from './validate';

const valid = {
  title: 'Winter tips',
  summary: '',
  content: '# Tips',
  allowLikes: true,
  allowComments: true,
  heroImage: null,
  removeHeroImage: false,
};
const files = (...list: { name: string; type: string; size: number }[]) => list as unknown as FileList;

describe('validatePost', () => {
  it('requires a title and content, with the spec’s texts', () => {
    expect(Object.values(validatePost(valid)).filter(Boolean)).toEqual([]);
    expect(validatePost({ ...valid, title: '  ', content: '' })).toMatchObject({
      title: 'Title is required.',
      content: 'Content is required.',
    });
  });

  it('takes a PNG, JPG or GIF up to 4 MB', () => {
    const image = (name: string, type: string, size = 100) =>
      validatePost({ ...valid, heroImage: files({ name, type, size }) }).heroImage;
    expect(image('a.jpg', 'image/jpeg')).toBeUndefined();
    expect(image('a.webp', 'image/webp')).toMatch(/PNG, JPG or GIF/);
    expect(image('a.png', 'image/png', 4 * 1024 * 1024 + 1)).toMatch(/4 MB/);
  });
});
