import { config } from './config';

/**
 * The one absolute URL of a page or API path on the public site (issue 32):
 * what every mail, text and link page carries. `path` starts with `/`.
 */
export const absoluteUrl = (path: string): string => `${config().publicUrl}${path}`;
