import { en, localizeMessage, type Photo } from '@meramot/shared';
import { api, ApiError, refreshSession, sessionToken } from '../api-client';
import { getLanguage } from '../i18n';

/**
 * Photo uploads (issue 23): POST /api/photos with one file as multipart/form-data, sent with
 * XMLHttpRequest for its upload progress events (fetch has none) and cancelled with an
 * AbortSignal. As the API client does, it sends the session's token and the language in use
 * (the server answers its error sentences in it), and on a 401 refreshes the session once and
 * sends the file again.
 */

export interface UploadOptions {
  /** The bytes sent so far, of `total` (the request's size, or the file's when unknown). */
  onProgress?(loaded: number, total: number): void;
  /** Aborting it cancels the upload: the promise rejects with an AbortError at once. */
  signal?: AbortSignal;
}

interface Answer {
  status: number;
  body: unknown;
}

/** Is this the rejection of a cancelled upload (not a failure to report)? */
export const isAbort = (error: unknown): boolean => error instanceof DOMException && error.name === 'AbortError';

const abortError = () => new DOMException('The upload was cancelled.', 'AbortError');

function parse(text: string): unknown {
  try {
    return text ? (JSON.parse(text) as unknown) : null;
  } catch {
    return null;
  }
}

/** One attempt: resolves with the answer's status and JSON body, rejects on a network failure or abort. */
function send(file: Blob, token: string | null, { onProgress, signal }: UploadOptions): Promise<Answer> {
  return new Promise<Answer>((resolve, reject) => {
    if (signal?.aborted) return reject(abortError());
    const xhr = new XMLHttpRequest();
    let settled = false;
    const settle = (done: () => void) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', onAbort);
      done();
    };
    function onAbort() {
      settle(() => reject(abortError()));
      xhr.abort();
    }
    xhr.open('POST', '/api/photos');
    xhr.setRequestHeader('accept', 'application/json');
    xhr.setRequestHeader('accept-language', getLanguage());
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.addEventListener('progress', (event) => {
      if (!settled) onProgress?.(event.loaded, event.lengthComputable && event.total > 0 ? event.total : file.size);
    });
    xhr.addEventListener('load', () => settle(() => resolve({ status: xhr.status, body: parse(xhr.responseText) })));
    const failed = () => settle(() => reject(new ApiError('Network error', 0)));
    xhr.addEventListener('error', failed);
    xhr.addEventListener('timeout', failed);
    signal?.addEventListener('abort', onAbort);
    const form = new FormData();
    form.append('file', file, file instanceof File ? file.name : 'photo');
    xhr.send(form);
  });
}

/** The server's sentence, or ours (in the language in use) when the answer carries none (e.g. a proxy's 413). */
function errorOf({ status, body }: Answer): ApiError {
  const sentence = (body as { error?: unknown } | null)?.error;
  if (typeof sentence === 'string' && sentence) return new ApiError(sentence, status);
  const fallback =
    status === 413 ? en.photoTooLarge : status === 415 ? en.photoType : status === 400 ? en.photoBroken : null;
  return new ApiError(fallback ? localizeMessage(fallback, getLanguage()) : `HTTP ${status}`, status);
}

/**
 * Uploads a photo: answers the stored Photo (its variants and placeholder). A failure throws an
 * ApiError with the server's sentence (413 too large, 415 not a photo or HEIC, 400 damaged; status
 * 0 without an answer); a cancelled upload throws an AbortError (`isAbort`).
 */
export async function uploadPhoto(file: Blob, options: UploadOptions = {}): Promise<Photo> {
  const token = sessionToken();
  let answer = await send(file, token, options);
  if (answer.status === 401 && token) {
    const fresh = await refreshSession();
    if (options.signal?.aborted) throw abortError();
    if (fresh) answer = await send(file, fresh, options);
  }
  if (answer.status >= 200 && answer.status < 300 && answer.body) return answer.body as Photo;
  throw errorOf(answer);
}

/** DELETE /api/photos/{id}: removes an upload of the caller's that nothing has taken yet. */
export const deletePhoto = (id: string) =>
  api<{ message: string; _id: string }>(`/photos/${encodeURIComponent(id)}`, { method: 'DELETE', auth: true });
