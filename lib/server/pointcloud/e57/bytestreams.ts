import { type FieldCodec } from './scans';

/**
 * Decodes one field's bytestream. A field's bytes arrive in pieces, one per data packet; the pieces
 * concatenate into one stream, and a value may straddle two packets.
 */
export interface BytestreamDecoder {
  push(piece: Uint8Array): void;
  /** Values decoded and not yet taken. */
  readonly available: number;
  /** The first `count` decoded values, removed from the decoder. */
  take(count: number): Float64Array;
}

export function createDecoder(codec: FieldCodec, recordCount: number): BytestreamDecoder | undefined {
  if (codec.kind === 'float') return new FloatDecoder(codec.bytes, recordCount);
  if (codec.kind !== 'integer') return undefined;
  const bits = bitsNeeded(codec.maximum - codec.minimum);
  if (bits === 0) return new ConstantDecoder(codec.minimum * codec.scale + codec.offset, recordCount);
  return new BitpackDecoder(bits, codec, recordCount);
}

/** Bits to store any value 0…range: ceil(log2(range + 1)), at most 64. */
export function bitsNeeded(range: number): number {
  let bits = 0;
  while (range >= 1 && bits < 64) {
    range = Math.floor(range / 2);
    bits++;
  }
  return bits;
}

class DecodedValues {
  protected values = new Float64Array(1024);
  protected count = 0;
  protected produced = 0;

  constructor(protected readonly recordCount: number) {}

  get available(): number {
    return this.count;
  }

  protected add(value: number): void {
    if (this.count === this.values.length) {
      const grown = new Float64Array(this.values.length * 2);
      grown.set(this.values);
      this.values = grown;
    }
    this.values[this.count++] = value;
    this.produced++;
  }

  take(count: number): Float64Array {
    const taken = this.values.slice(0, count);
    this.values.copyWithin(0, count, this.count);
    this.count -= count;
    return taken;
  }
}

/** Integers and scaled integers: (value − minimum) in `bits` bits, packed least significant bit first. */
class BitpackDecoder extends DecodedValues implements BytestreamDecoder {
  private pending = new Uint8Array(0);
  private bit = 0;

  constructor(
    private readonly bits: number,
    private readonly codec: { minimum: number; scale: number; offset: number },
    recordCount: number,
  ) {
    super(recordCount);
  }

  push(piece: Uint8Array): void {
    const keep = this.pending.subarray(this.bit >> 3);
    const joined = new Uint8Array(keep.length + piece.length);
    joined.set(keep);
    joined.set(piece, keep.length);
    this.pending = joined;
    this.bit &= 7;

    const { bits, pending } = this;
    const { minimum, scale, offset } = this.codec;
    const totalBits = pending.length * 8;
    let bit = this.bit;
    while (bit + bits <= totalBits && this.produced < this.recordCount) {
      let raw = 0;
      let weight = 1;
      for (let left = bits; left > 0; ) {
        const shift = bit & 7;
        const take = Math.min(8 - shift, left);
        raw += ((pending[bit >> 3]! >> shift) & ((1 << take) - 1)) * weight;
        weight *= 1 << take;
        bit += take;
        left -= take;
      }
      this.add((raw + minimum) * scale + offset);
    }
    this.bit = bit;
  }
}

/** Floats: IEEE 754 little endian, 4 or 8 bytes each. */
class FloatDecoder extends DecodedValues implements BytestreamDecoder {
  private pending = new Uint8Array(0);

  constructor(private readonly size: 4 | 8, recordCount: number) {
    super(recordCount);
  }

  push(piece: Uint8Array): void {
    const joined = new Uint8Array(this.pending.length + piece.length);
    joined.set(this.pending);
    joined.set(piece, this.pending.length);
    const view = new DataView(joined.buffer);
    let at = 0;
    for (; at + this.size <= joined.length && this.produced < this.recordCount; at += this.size) {
      this.add(this.size === 8 ? view.getFloat64(at, true) : view.getFloat32(at, true));
    }
    this.pending = joined.slice(at);
  }
}

/** A field whose minimum equals its maximum takes no bytes: every record has that value. */
class ConstantDecoder implements BytestreamDecoder {
  private taken = 0;

  constructor(
    private readonly value: number,
    private readonly recordCount: number,
  ) {}

  push(): void {}

  get available(): number {
    return this.recordCount - this.taken;
  }

  take(count: number): Float64Array {
    this.taken += count;
    return new Float64Array(count).fill(this.value);
  }
}
