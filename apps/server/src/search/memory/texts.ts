import { widen } from './bits';
import type { SnapshotReader, SnapshotWriter } from './snapshot-file';

/**
 * A text per document kept in one growing byte buffer (rows.ts keeps the names and descriptions
 * in two): a million strings on the heap cost a 16-byte header each, their padding and a slot in
 * an array, and each one is an object the garbage collector marks. A text whose characters all fit
 * a byte is kept as Latin-1, a byte a character as V8 keeps it; any other as UTF-16, two bytes a
 * character, as V8 keeps that too. A page's texts are made into strings when it is answered.
 *
 * A text set again that has not changed keeps its bytes (a row changes often for its counts and
 * rarely for its texts); a changed one is written in place when it fits, else at the end. The
 * bytes left behind go with the index's next rebuild (sync.ts rebuilds when much is dead).
 */

// eslint-disable-next-line no-control-regex
const ONE_BYTE = /^[\u0000-\u00ff]*$/;

export class Texts {
  private bytes = Buffer.alloc(1 << 16);
  private used = 0;
  /** Where each document's text begins in `bytes`. */
  private start = new Uint32Array(1024);
  /** Its length in bytes, negative for a two-byte (UTF-16) text. */
  private length = new Int32Array(1024);

  /** Makes room for `capacity` documents. */
  grow(capacity: number): void {
    this.start = widen(this.start, capacity);
    this.length = widen(this.length, capacity);
  }

  get(doc: number): string {
    const n = this.length[doc]!;
    const s = this.start[doc]!;
    return n >= 0 ? this.bytes.toString('latin1', s, s + n) : this.bytes.toString('utf16le', s, s - n);
  }

  set(doc: number, text: string): void {
    const oneByte = ONE_BYTE.test(text);
    const bytes = oneByte ? text.length : text.length * 2;
    const held = Math.abs(this.length[doc]!);
    if (held > 0 && held === bytes && this.get(doc) === text) return;
    let at = this.start[doc]!;
    if (bytes > held) {
      if (this.used + bytes > this.bytes.length) {
        const grown = Buffer.alloc(Math.max(this.bytes.length * 2, this.used + bytes));
        this.bytes.copy(grown, 0, 0, this.used);
        this.bytes = grown;
      }
      at = this.used;
      this.used += bytes;
    }
    this.bytes.write(text, at, bytes, oneByte ? 'latin1' : 'utf16le');
    this.start[doc] = at;
    this.length[doc] = oneByte ? bytes : -bytes;
  }

  /** Lets a document's text go (its bytes stay until a rebuild). */
  clear(doc: number): void {
    this.length[doc] = 0;
  }

  /** Gives back the room grown past the bytes held (once the documents are in). */
  trim(): void {
    if (this.used < this.bytes.length) this.bytes = Buffer.from(this.bytes.subarray(0, this.used));
  }

  async save(w: SnapshotWriter, name: string, n: number): Promise<void> {
    await w.typed(`${name}.bytes`, new Uint8Array(this.bytes.buffer, this.bytes.byteOffset, this.used));
    await w.typed(`${name}.start`, this.start.subarray(0, n));
    await w.typed(`${name}.length`, this.length.subarray(0, n));
  }

  async restore(r: SnapshotReader, name: string, capacity: number): Promise<void> {
    const bytes = await r.typed(`${name}.bytes`, 'Uint8Array');
    this.bytes = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
    this.used = bytes.length;
    this.start = widen(await r.typed(`${name}.start`, 'Uint32Array'), capacity);
    this.length = widen(await r.typed(`${name}.length`, 'Int32Array'), capacity);
  }
}
