/**
 * Bit sets (a bit per document, 32 to a word) and the other per-document scratch the in-memory
 * index computes with: the plain helpers, `Matches` (a search's matches as postings.ts finds them
 * and search-index.ts pages them) and `Marks` (a mark per document, for the ranker). Documents are
 * the numbers documents.ts gives them.
 */

/** Bit `d` of a bit set. */
export const hasBit = (bits: Uint32Array, d: number) => (bits[d >>> 5]! & (1 << (d & 31))) !== 0;
export const setBit = (bits: Uint32Array, d: number) => void (bits[d >>> 5]! |= 1 << (d & 31));
export const clearBit = (bits: Uint32Array, d: number) => void (bits[d >>> 5]! &= ~(1 << (d & 31)));

/** The bits set in a 32-bit word. */
export const popcount = (x: number) => {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
};

/** The documents whose bits are set in `bits` (and in `within`, when given) among the first `size`, in order. */
export function documentsIn(bits: Uint32Array, size: number, within?: Uint32Array): number[] {
  const docs: number[] = [];
  for (let w = 0, words = Math.ceil(size / 32); w < words; w++) {
    let x = within ? bits[w]! & within[w]! : bits[w]!;
    while (x !== 0) {
      const low = x & -x;
      docs.push(w * 32 + 31 - Math.clz32(low));
      x ^= low;
    }
  }
  return docs;
}

/** A typed array of `length` holding `a` at its start (the index's arrays grow by doubling). */
export function widen<T extends Float64Array | Float32Array | Uint8Array | Uint32Array | Int32Array>(
  a: T,
  length: number,
): T {
  const b = new (a.constructor as new (n: number) => T)(length);
  b.set(a);
  return b;
}

/**
 * The matches of a search: how many, a membership test (a bit per document, in the processor's
 * cache where a mark per document was not) and the list itself, each made when first asked.
 */
export class Matches {
  private constructor(
    readonly count: number,
    private bits: Uint32Array | null,
    /** Documents numbered below this. */
    private readonly size: number,
    private docs: number[] | null,
    /** Where to set the bits of a list when membership is first asked. */
    private readonly scratch: Uint32Array | null,
  ) {}

  static readonly none = Matches.ofList([], new Uint32Array(0), 0);

  /** The documents whose bits are set in `bits`, `count` of them. */
  static ofBits(count: number, bits: Uint32Array, size: number): Matches {
    return new Matches(count, bits, size, null, null);
  }

  /** The documents listed (in order); their bits are set in `scratch` if membership is asked. */
  static ofList(docs: number[], scratch: Uint32Array, size: number): Matches {
    return new Matches(docs.length, null, size, docs, scratch);
  }

  has(d: number): boolean {
    return hasBit(this.bits ?? this.listBits(), d);
  }

  list(): number[] {
    return (this.docs ??= documentsIn(this.bits!, this.size));
  }

  private listBits(): Uint32Array {
    const bits = this.scratch!;
    bits.fill(0, 0, Math.ceil(this.size / 32));
    for (const d of this.docs!) setBit(bits, d);
    return (this.bits = bits);
  }
}

/** A mark per document, cleared at no cost: each use takes a new generation and marks with it. */
export class Marks {
  readonly of: Int32Array;
  private generation = 0;
  constructor(size: number) {
    this.of = new Int32Array(size);
  }
  next(): number {
    if (this.generation >= 0x7fffffff - 1) {
      this.of.fill(0);
      this.generation = 0;
    }
    return ++this.generation;
  }
}
