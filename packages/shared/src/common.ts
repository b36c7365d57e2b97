import { z } from 'zod';
import { PERSON_LIST_LIMIT_DEFAULT, PERSON_LIST_LIMIT_MAX, URL_MAX } from './constants';

// In a browser, zod checks objects without compiling a parser for each (`new Function`): the site's
// Content-Security-Policy refuses that, and zod's probe for it, made with the first object schema,
// is reported as a violation. This module holds the web app's first schemas (its zod chunk runs it
// before any other schema is made), so the setting is in place first. The server (and the server
// render, in the same process: zod's setting is global) keeps the compiled parsers.
if ('window' in globalThis) z.config({ jitless: true });

/** The API's error body: every failure answers `{ error }`. */
export const errorSchema = z.object({ error: z.string() }).meta({ id: 'Error' });

/** What a delete answers: a sentence and the removed thing's id (a service, a booking, a photo). */
export const removedSchema = z.object({ message: z.string(), _id: z.string() }).meta({ id: 'Removed' });
export type ApiError = z.infer<typeof errorSchema>;

/** A single-line text: no C0 control character (U+0000 to U+001F) and no DEL. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const SINGLE_LINE_TEXT = /^[^\u0000-\u001f\u007f]*$/;
/** A long text: tab, newline and carriage return are allowed, other control characters are not. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const MULTI_LINE_TEXT = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/;
export const CONTROL_CHARACTERS_MESSAGE = 'must not contain control characters';

export const idSchema = z.uuid({ error: 'must be a valid id' });
export const idParamsSchema = z.strictObject({ id: idSchema });

export const emailParamsSchema = z.strictObject({
  id: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: 'must be an e-mail address' })),
});

/** True for an absolute http(s) URL, or a path to one of the images Meramot ships (`/images/...`). */
export function isWebUrl(value: string): boolean {
  // The demo's shipped images, and photos uploaded here (issue 23), by their site-relative path.
  if (/^\/(?:images|photos)\/[\w\-./]+$/.test(value) && !value.includes('..')) return true;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

export const urlSchemaWith = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(URL_MAX, { error: `must be at most ${URL_MAX} characters` })
    .regex(SINGLE_LINE_TEXT, { error: CONTROL_CHARACTERS_MESSAGE })
    .refine(isWebUrl, { error: message });
export const urlSchema = urlSchemaWith('must be a valid URL');

/** An optional URL: empty text means "none". */
export const optionalUrlSchemaWith = (message: string) =>
  z
    .union([z.literal(''), urlSchemaWith(message)])
    .nullish()
    .transform((v) => (v ? v : null));
export const optionalUrlSchema = optionalUrlSchemaWith('must be a valid URL');

const pageField = z.coerce
  .number({ error: 'must be a number' })
  .int({ error: 'must be a whole number' })
  .min(1, { error: 'must be at least 1' });

/**
 * `?page&limit` of a person-scoped list. The answer stays the array the spec's clients read; its
 * total is in the `X-Total-Count` header and the neighbouring pages in `Link`.
 */
export const personListQuerySchema = z.strictObject({
  page: pageField.max(100_000, { error: 'must be at most 100000' }).default(1),
  limit: pageField
    .max(PERSON_LIST_LIMIT_MAX, { error: `must be at most ${PERSON_LIST_LIMIT_MAX}` })
    .default(PERSON_LIST_LIMIT_DEFAULT),
});
export type PersonListQuery = z.output<typeof personListQuerySchema>;
