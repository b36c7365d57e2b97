import type { Readable } from 'node:stream';

/**
 * Where photo files live (issue 23): one interface, two drivers: the local disk under DATA_DIR (the
 * default: `npm start` needs nothing) and S3-compatible object storage (`STORAGE_URL=s3://...`).
 * A file's key is its content hash and extension, so a file never changes once written: it is
 * served with an immutable Cache-Control, and writing the same photo twice stores it once.
 */
export interface PhotoStore {
  readonly kind: 'disk' | 's3';
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The file (as a stream, or whole when that is cheaper), or null when there is none. */
  get(key: string): Promise<{ body: Readable | Buffer; size: number } | null>;
  has(key: string): Promise<boolean>;
  /** Removes the file; a key with no file is fine. */
  delete(key: string): Promise<void>;
  close(): Promise<void>;
}

/** A stored file's key: 32 characters of base64url hash and the format's extension. */
export const PHOTO_KEY = /^[A-Za-z0-9_-]{32}\.(webp|avif)$/;

export function assertKey(key: string): void {
  if (!PHOTO_KEY.test(key)) throw new Error(`Not a photo key: ${key}`);
}

export const contentTypeOf = (key: string) => (key.endsWith('.avif') ? 'image/avif' : 'image/webp');
