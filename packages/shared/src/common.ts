import { z } from 'zod';
import { URL_MAX } from './constants';

/** The API's error body: every failure answers `{ error }`. */
export const errorSchema = z.object({ error: z.string() }).meta({ id: 'Error' });
export type ApiError = z.infer<typeof errorSchema>;

export const idSchema = z.uuid({ error: 'must be a valid id' });
export const idParamsSchema = z.strictObject({ id: idSchema });

export const emailParamsSchema = z.strictObject({
  id: z.string().trim().toLowerCase().pipe(z.email({ error: 'must be an e-mail address' })),
});

/** True for an absolute http(s) URL, or a path to one of the images Meramot ships (`/images/...`). */
export function isWebUrl(value: string): boolean {
  if (/^\/images\/[\w\-./]+$/.test(value) && !value.includes('..')) return true;
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
    .refine(isWebUrl, { error: message });
export const urlSchema = urlSchemaWith('must be a valid URL');

/** An optional URL: empty text means "none". */
export const optionalUrlSchemaWith = (message: string) =>
  z
    .union([z.literal(''), urlSchemaWith(message)])
    .nullish()
    .transform((v) => (v ? v : null));
export const optionalUrlSchema = optionalUrlSchemaWith('must be a valid URL');
