import { open, rename, rm } from 'node:fs/promises';

/**
 * The file a snapshot of the in-memory index is kept in (snapshot.ts says what goes in it): named
 * sections one after another, then a JSON table of contents, then its length (8 bytes). A section
 * is a typed array's bytes, a list of strings (UTF-8, each chunk of CHUNK strings joined by NUL,
 * which PostgreSQL's text never holds) or a JSON value. Written to a temporary name and renamed,
 * so a reader (another instance starting) sees the old file or the new one whole.
 *
 * Reading takes each section into an array of its own: no buffer of the whole file is held, and a
 * section of many posting lists is read once and cut into views (`typed` with the lists' lengths).
 */

type Typed = Int32Array | Uint32Array | Float32Array | Float64Array | Uint8Array | Uint16Array;
const KINDS = { Int32Array, Uint32Array, Float32Array, Float64Array, Uint8Array, Uint16Array } as const;
type Kind = keyof typeof KINDS;

interface Entry {
  name: string;
  kind: Kind | 'strings' | 'json';
  at: number;
  bytes: number;
  /** Elements (typed arrays and strings). */
  length?: number;
  /** A list of strings: each chunk's bytes. */
  chunks?: number[];
  json?: unknown;
}

/** Strings joined per chunk: small enough that one Bangla string does not make every string two-byte. */
const CHUNK = 4096;
/** Writes are gathered into buffers of this size. */
const WRITE_BYTES = 8 << 20;

export class SnapshotWriter {
  private readonly entries: Entry[] = [];
  private at = 0;
  private pending: Buffer[] = [];
  private pendingBytes = 0;

  private constructor(
    private readonly file: Awaited<ReturnType<typeof open>>,
    private readonly path: string,
    private readonly temporary: string,
  ) {}

  static async create(path: string): Promise<SnapshotWriter> {
    const temporary = `${path}.${process.pid}.tmp`;
    return new SnapshotWriter(await open(temporary, 'w'), path, temporary);
  }

  private async write(bytes: Buffer): Promise<void> {
    this.pending.push(bytes);
    this.pendingBytes += bytes.length;
    this.at += bytes.length;
    if (this.pendingBytes >= WRITE_BYTES) await this.flush();
  }

  private async flush(): Promise<void> {
    if (this.pending.length === 0) return;
    const buffers = this.pending;
    this.pending = [];
    this.pendingBytes = 0;
    await this.file.writev(buffers);
  }

  /**
   * A typed array, or several of one kind written one after another as one section (read back
   * with their lengths; `kind` says theirs when there may be none).
   */
  async typed(
    name: string,
    arrays: Typed | Typed[],
    kind: Kind = (Array.isArray(arrays) ? arrays[0] : arrays)?.constructor.name as Kind,
  ): Promise<void> {
    const list = Array.isArray(arrays) ? arrays : [arrays];
    const at = this.at;
    let length = 0;
    for (const a of list) {
      if (a.constructor.name !== kind) throw new Error(`snapshot section ${name}: mixed array kinds`);
      length += a.length;
      // Copied: the caller's arrays may be written to after this returns (the write is later).
      await this.write(Buffer.from(new Uint8Array(a.buffer, a.byteOffset, a.byteLength)));
    }
    this.entries.push({ name, kind, at, bytes: this.at - at, length });
  }

  async strings(name: string, strings: readonly string[]): Promise<void> {
    const at = this.at;
    const chunks: number[] = [];
    for (let i = 0; i < strings.length; i += CHUNK) {
      const bytes = Buffer.from(strings.slice(i, i + CHUNK).join('\0'), 'utf8');
      chunks.push(bytes.length);
      await this.write(bytes);
    }
    this.entries.push({ name, kind: 'strings', at, bytes: this.at - at, length: strings.length, chunks });
  }

  json(name: string, value: unknown): void {
    this.entries.push({ name, kind: 'json', at: this.at, bytes: 0, json: value });
  }

  /** Writes the table of contents and puts the file in place. */
  async close(): Promise<void> {
    const contents = Buffer.from(JSON.stringify(this.entries), 'utf8');
    const length = Buffer.alloc(8);
    length.writeBigUInt64LE(BigInt(contents.length));
    await this.write(contents);
    await this.write(length);
    await this.flush();
    await this.file.close();
    await rename(this.temporary, this.path);
  }

  /** Gives up: the temporary file goes, the one in place stays. */
  async abandon(): Promise<void> {
    await this.file.close().catch(() => {});
    await rm(this.temporary, { force: true });
  }
}

export class SnapshotReader {
  private readonly entries: Map<string, Entry>;

  private constructor(
    private readonly file: Awaited<ReturnType<typeof open>>,
    entries: Entry[],
  ) {
    this.entries = new Map(entries.map((e) => [e.name, e]));
  }

  /** Opens a snapshot; null when there is none (or it is not one: cut short, another format). */
  static async open(path: string): Promise<SnapshotReader | null> {
    let file: Awaited<ReturnType<typeof open>>;
    try {
      file = await open(path, 'r');
    } catch {
      return null;
    }
    try {
      const { size } = await file.stat();
      if (size < 8) throw new Error('too short');
      const tail = Buffer.alloc(8);
      await file.read(tail, 0, 8, size - 8);
      const length = Number(tail.readBigUInt64LE());
      if (length > size - 8) throw new Error('no table of contents');
      const contents = Buffer.alloc(length);
      await file.read(contents, 0, length, size - 8 - length);
      return new SnapshotReader(file, JSON.parse(contents.toString('utf8')) as Entry[]);
    } catch {
      await file.close();
      return null;
    }
  }

  private entry(name: string, kind?: Entry['kind']): Entry {
    const e = this.entries.get(name);
    if (!e || (kind && e.kind !== kind)) throw new Error(`snapshot: no section ${name}${kind ? ` (${kind})` : ''}`);
    return e;
  }

  private async bytes(e: Entry, into: Uint8Array): Promise<void> {
    for (let done = 0; done < e.bytes;) {
      const { bytesRead } = await this.file.read(into, done, e.bytes - done, e.at + done);
      if (bytesRead === 0) throw new Error(`snapshot: section ${e.name} cut short`);
      done += bytesRead;
    }
  }

  /** A typed array section; with `lengths`, cut into views of one array, one per length. */
  async typed<K extends Kind>(name: string, kind: K): Promise<InstanceType<(typeof KINDS)[K]>>;
  async typed<K extends Kind>(
    name: string,
    kind: K,
    lengths: ArrayLike<number>,
  ): Promise<InstanceType<(typeof KINDS)[K]>[]>;
  async typed<K extends Kind>(
    name: string,
    kind: K,
    lengths?: ArrayLike<number>,
  ): Promise<InstanceType<(typeof KINDS)[K]> | InstanceType<(typeof KINDS)[K]>[]> {
    const e = this.entry(name, kind);
    const Ctor = KINDS[kind] as unknown as new (n: number) => InstanceType<(typeof KINDS)[K]>;
    const all = new Ctor(e.length!);
    await this.bytes(e, new Uint8Array(all.buffer, 0, e.bytes));
    if (!lengths) return all;
    const views: InstanceType<(typeof KINDS)[K]>[] = [];
    for (let i = 0, at = 0; i < lengths.length; at += lengths[i++]!) {
      views.push(all.subarray(at, at + lengths[i]!) as InstanceType<(typeof KINDS)[K]>);
    }
    return views;
  }

  async strings(name: string): Promise<string[]> {
    const e = this.entry(name, 'strings');
    const bytes = Buffer.alloc(e.bytes);
    await this.bytes(e, bytes);
    const strings: string[] = [];
    let at = 0;
    for (const chunk of e.chunks!) {
      const part = bytes.toString('utf8', at, at + chunk).split('\0');
      for (const s of part) strings.push(s);
      at += chunk;
    }
    // An empty list still has no chunk; a chunk of one empty string is [''].
    if (strings.length !== e.length)
      throw new Error(`snapshot: section ${name} holds ${strings.length} strings, not ${e.length}`);
    return strings;
  }

  json<T>(name: string): T {
    return this.entry(name, 'json').json as T;
  }

  close(): Promise<void> {
    return this.file.close();
  }
}
