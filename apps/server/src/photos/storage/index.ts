import path from 'node:path';
import { diskStore } from './disk';
import { parseStorageUrl, s3Store } from './s3';
import type { PhotoStore } from './store';

export { contentTypeOf, PHOTO_KEY, type PhotoStore } from './store';

/** The store STORAGE_URL names (s3://...), else the disk under DATA_DIR/photos. */
export function openPhotoStore(storageUrl: string | undefined, dataDir: string): PhotoStore {
  return storageUrl ? s3Store(parseStorageUrl(storageUrl)) : diskStore(path.join(dataDir, 'photos'));
}
