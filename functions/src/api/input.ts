import { VisibleError } from '@app/core/error';
import { UPLOAD_BODY_MAX_BYTES } from '@app/core/storage/rules';
import { isWellFormed } from '@app/core/util/text';
import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';

/**
 * The boundary rules every request passes before any route sees it, so no
 * route needs its own patch:
 * - a body is at most MAX_BODY_BYTES (413), a JSON body at most MAX_JSON_BYTES;
 * - every string of a JSON body, keys included, is well-formed Unicode: a lone
 *   surrogate (`"\ud800"`) is refused with 400, since it cannot be stored or
 *   mailed as UTF-8;
 * - a JSON body nests at most MAX_DEPTH levels.
 * Text that is not JSON is left to the route's validator, which answers 400.
 */
// The largest body any route takes is an image upload (decision 087: what fits Lambda once
// base64-encoded); this limit reads a body whole before the routes' own, so it is no larger.
export const MAX_BODY_BYTES = UPLOAD_BODY_MAX_BYTES;
export const MAX_JSON_BYTES = 512 * 1024;
export const MAX_DEPTH = 32;

export const messages = {
  tooLarge: 'The request is too large.',
  notUnicode: 'The request contains text that is not valid Unicode.',
  tooDeep: 'The request is nested too deeply.',
} as const;

const isJson = (c: Context) =>
  c.req.method !== 'GET' && c.req.method !== 'HEAD' && /json/i.test(c.req.header('content-type') ?? '');

/** The first problem of a parsed JSON value, walked without recursion. */
function problemOf(root: unknown): string | undefined {
  const stack: [unknown, number][] = [[root, 0]];
  while (stack.length) {
    const [value, depth] = stack.pop() as [unknown, number];
    if (typeof value === 'string') {
      if (!isWellFormed(value)) return messages.notUnicode;
    } else if (value && typeof value === 'object') {
      if (depth >= MAX_DEPTH) return messages.tooDeep;
      for (const [key, child] of Object.entries(value)) {
        if (!isWellFormed(key)) return messages.notUnicode;
        stack.push([child, depth + 1]);
      }
    }
  }
  return undefined;
}

const limitBody = bodyLimit({
  maxSize: MAX_BODY_BYTES,
  onError: () => {
    throw new VisibleError('too_large', messages.tooLarge);
  },
});

export const checkInput = createMiddleware(async (c, next) =>
  limitBody(c, async () => {
    if (isJson(c)) {
      const text = await c.req.text();
      if (text.length > MAX_JSON_BYTES) throw new VisibleError('too_large', messages.tooLarge);
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        body = undefined; // not JSON: the route's validator says so (400)
      }
      const problem = problemOf(body);
      if (problem) throw new VisibleError('invalid', problem);
    }
    await next();
  }),
);
