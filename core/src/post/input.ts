import * as z from 'zod';
import { imageUrl } from '../storage/image-url';
import { idSchema } from '../util/id';
import { isSingleLine, requiredLine } from '../util/text';
import { CONTENT_MAX, id, slug } from './store';

/** What the admin sends: a post to create (seed, import) and the editor's form. */
/** A yes/no field: JSON booleans, or a form's 'true'/'false' ('on'/'off', '1'/'0'). */
export const flag = (label: string) =>
  z.union(
    [
      z.boolean(),
      z
        .enum(['true', 'on', '1', 'false', 'off', '0'])
        .transform((value) => ['true', 'on', '1'].includes(value)),
    ],
    { error: `${label} must be true or false.` },
  );

export const CreateInput = z.object({
  title: z
    .string({ error: 'Title is required.' })
    .refine(isSingleLine, 'Titles cannot contain line breaks or control characters.')
    .trim()
    .min(1, 'Title is required.')
    .max(200, 'Titles can be at most 200 characters.'),
  content: z
    .string({ error: 'Content is required.' })
    .trim()
    .min(1, 'Content is required.')
    .max(CONTENT_MAX, `Content can be at most ${CONTENT_MAX} characters.`),
  /** Blank: the start of the content, as plain text. */
  summary: z.string().trim().max(1000, 'Summaries can be at most 1000 characters.').optional(),
  heroImage: imageUrl.optional(),
  allowLikes: flag('allowLikes').default(true),
  allowComments: flag('allowComments').default(true),
  /** Blank: made from the title. */
  slug: slug.optional(),
  author: z
    .object({ firstName: requiredLine('First name', 80), lastName: requiredLine('Last name', 80) })
    .optional(),
  /** Seed and import only. */
  createdAt: z.iso.datetime().optional(),
  likes: z.array(idSchema('user')).default([]),
  postId: id.optional(),
});
export type CreateInput = z.input<typeof CreateInput>;

/** The admin's form (doc 2 §7): the fields of a post, as JSON or as a multipart form's text. */
export const FormInput = CreateInput.pick({
  title: true,
  content: true,
  summary: true,
  allowLikes: true,
  allowComments: true,
  heroImage: true,
}).extend({
  /** Edit only: drop the hero image without a new one. */
  removeHeroImage: flag('removeHeroImage').default(false),
});
/** Typed for JSON callers; a form's raw text fields are welcome too (parsed here). */
export type FormInput = z.input<typeof FormInput> | Record<string, string | undefined>;
/** The form as the verbs take it: JSON, or a multipart form's text fields (the schema parses both). */
export const Form = FormInput as unknown as z.ZodType<z.output<typeof FormInput>, FormInput>;
export type Form = z.output<typeof FormInput>;
