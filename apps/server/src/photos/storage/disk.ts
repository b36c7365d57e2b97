import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { assertKey, type PhotoStore } from './store';

/**
 * Photos on the local disk, under `root` (DATA_DIR/photos), in folders of the key's first two
 * characters (no folder holds too many files). A file is written beside its place and renamed into
 * it, so a reader never sees half a file. Every instance of `npm run cluster` points at one root.
 */
export function diskStore(root: string): PhotoStore {
  const where = (key: string) => {
    assertKey(key);
    return path.join(root, key.slice(0, 2), key);
  };
  return {
    kind: 'disk',
    async put(key, bytes) {
      const file = where(key);
      await mkdir(path.dirname(file), { recursive: true });
      const temp = `${file}.${randomBytes(6).toString('hex')}.part`;
      await writeFile(temp, bytes);
      await rename(temp, file);
    },
    async get(key) {
      // A variant is at most a few hundred KB: read whole (open, read, close on the thread pool)
      // it is sent sooner than streamed in 64 KB pieces. A missing file is null.
      const bytes = await readFile(where(key)).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return null;
        throw error;
      });
      return bytes ? { body: bytes, size: bytes.length } : null;
    },
    async has(key) {
      return (await stat(where(key)).catch(() => null)) !== null;
    },
    async delete(key) {
      await rm(where(key), { force: true });
    },
    async close() {},
  };
}
