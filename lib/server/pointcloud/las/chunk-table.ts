/*
 * The LAZ chunk table: where each compressed chunk starts and how many points it holds, so
 * chunks can be decoded in parallel (laz-perf's ChunkDecoder) and a file read in ranges. The
 * table is compressed with LASzip's arithmetic coder and integer compressor (32 bits, 2 contexts);
 * this is a decoder for just that, following LASzip's arithmeticdecoder.cpp and
 * integercompressor.cpp.
 */

const AC_MIN_LENGTH = 0x01000000;
const BM_LENGTH_SHIFT = 13;
const BM_MAX_COUNT = 1 << BM_LENGTH_SHIFT;
const DM_LENGTH_SHIFT = 15;
const DM_MAX_COUNT = 1 << DM_LENGTH_SHIFT;

class BitModel {
  bit0Count = 1;
  bitCount = 2;
  bit0Prob = 1 << (BM_LENGTH_SHIFT - 1);
  updateCycle = 4;
  bitsUntilUpdate = 4;

  update(): void {
    this.bitCount += this.updateCycle;
    if (this.bitCount > BM_MAX_COUNT) {
      this.bitCount = (this.bitCount + 1) >>> 1;
      this.bit0Count = (this.bit0Count + 1) >>> 1;
      if (this.bit0Count === this.bitCount) this.bitCount += 1;
    }
    const scale = Math.floor(0x80000000 / this.bitCount);
    this.bit0Prob = Math.floor((this.bit0Count * scale) / 2 ** (31 - BM_LENGTH_SHIFT));
    this.updateCycle = Math.min(64, (5 * this.updateCycle) >>> 2);
    this.bitsUntilUpdate = this.updateCycle;
  }
}

class SymbolModel {
  readonly distribution: Uint32Array;
  readonly symbolCount: Uint32Array;
  readonly decoderTable: Uint32Array | null;
  readonly tableShift: number;
  readonly tableSize: number;
  readonly lastSymbol: number;
  totalCount = 0;
  updateCycle: number;
  symbolsUntilUpdate: number;

  constructor(readonly symbols: number) {
    this.lastSymbol = symbols - 1;
    if (symbols > 16) {
      let tableBits = 3;
      while (symbols > 1 << (tableBits + 2)) tableBits += 1;
      this.tableSize = 1 << tableBits;
      this.tableShift = DM_LENGTH_SHIFT - tableBits;
      this.decoderTable = new Uint32Array(this.tableSize + 2);
    } else {
      this.tableSize = 0;
      this.tableShift = 0;
      this.decoderTable = null;
    }
    this.distribution = new Uint32Array(symbols);
    this.symbolCount = new Uint32Array(symbols).fill(1);
    this.updateCycle = symbols;
    this.symbolsUntilUpdate = symbols;
    this.update();
    this.updateCycle = (symbols + 6) >>> 1;
    this.symbolsUntilUpdate = this.updateCycle;
  }

  update(): void {
    this.totalCount += this.updateCycle;
    if (this.totalCount > DM_MAX_COUNT) {
      this.totalCount = 0;
      for (let n = 0; n < this.symbols; n += 1) {
        this.symbolCount[n] = (this.symbolCount[n]! + 1) >>> 1;
        this.totalCount += this.symbolCount[n]!;
      }
    }
    const scale = Math.floor(0x80000000 / this.totalCount);
    let sum = 0;
    let s = 0;
    const table = this.decoderTable;
    for (let k = 0; k < this.symbols; k += 1) {
      this.distribution[k] = Math.floor((scale * sum) / 2 ** (31 - DM_LENGTH_SHIFT));
      sum += this.symbolCount[k]!;
      if (table) {
        const w = this.distribution[k]! >>> this.tableShift;
        while (s < w) table[++s] = k - 1;
      }
    }
    if (table) {
      table[0] = 0;
      while (s <= this.tableSize) table[++s] = this.symbols - 1;
    }
    this.updateCycle = Math.min((5 * this.updateCycle) >>> 2, (this.symbols + 6) << 3);
    this.symbolsUntilUpdate = this.updateCycle;
  }
}

class ArithmeticDecoder {
  private at: number;
  private value: number;
  private length = 0xffffffff;

  constructor(private readonly bytes: Uint8Array, start: number) {
    this.at = start;
    this.value = ((this.byte() << 24) | (this.byte() << 16) | (this.byte() << 8) | this.byte()) >>> 0;
  }

  private byte(): number {
    if (this.at >= this.bytes.length) throw new RangeError('chunk table ends early');
    return this.bytes[this.at++]!;
  }

  private renormalize(): void {
    do {
      this.value = ((this.value << 8) | this.byte()) >>> 0;
      this.length = (this.length << 8) >>> 0;
    } while (this.length < AC_MIN_LENGTH);
  }

  decodeBit(m: BitModel): number {
    const x = m.bit0Prob * (this.length >>> BM_LENGTH_SHIFT);
    let sym: number;
    if (this.value < x) {
      sym = 0;
      this.length = x;
      m.bit0Count += 1;
    } else {
      sym = 1;
      this.value -= x;
      this.length -= x;
    }
    if (this.length < AC_MIN_LENGTH) this.renormalize();
    if (--m.bitsUntilUpdate === 0) m.update();
    return sym;
  }

  decodeSymbol(m: SymbolModel): number {
    let sym: number;
    let x: number;
    let y = this.length;
    if (m.decoderTable) {
      this.length = this.length >>> DM_LENGTH_SHIFT;
      const dv = Math.floor(this.value / this.length);
      const t = dv >>> m.tableShift;
      sym = m.decoderTable[t]!;
      let n = m.decoderTable[t + 1]! + 1;
      while (n > sym + 1) {
        const k = (sym + n) >>> 1;
        if (m.distribution[k]! > dv) n = k;
        else sym = k;
      }
      x = m.distribution[sym]! * this.length;
      if (sym !== m.lastSymbol) y = m.distribution[sym + 1]! * this.length;
    } else {
      x = 0;
      sym = 0;
      this.length = this.length >>> DM_LENGTH_SHIFT;
      let n = m.symbols;
      let k = n >>> 1;
      do {
        const z = this.length * m.distribution[k]!;
        if (z > this.value) {
          n = k;
          y = z;
        } else {
          sym = k;
          x = z;
        }
        k = (sym + n) >>> 1;
      } while (k !== sym);
    }
    this.value -= x;
    this.length = y - x;
    if (this.length < AC_MIN_LENGTH) this.renormalize();
    m.symbolCount[sym]! += 1;
    if (--m.symbolsUntilUpdate === 0) m.update();
    return sym;
  }

  readBits(bits: number): number {
    if (bits > 19) {
      const low = this.readShort();
      const high = this.readBits(bits - 16);
      return (high * 65536 + low) >>> 0;
    }
    this.length = this.length >>> bits;
    const sym = Math.floor(this.value / this.length);
    this.value -= this.length * sym;
    if (this.length < AC_MIN_LENGTH) this.renormalize();
    return sym;
  }

  private readShort(): number {
    this.length = this.length >>> 16;
    const sym = Math.floor(this.value / this.length);
    this.value -= this.length * sym;
    if (this.length < AC_MIN_LENGTH) this.renormalize();
    return sym;
  }
}

/** LASzip's IntegerCompressor(decoder, 32 bits, 2 contexts), decompression side. */
class IntegerDecompressor {
  private readonly bitsHigh = 8;
  private readonly corrBits = 32;
  private readonly mBits: SymbolModel[];
  private readonly bit0 = new BitModel();
  private readonly mCorrector: SymbolModel[] = [];

  constructor(private readonly dec: ArithmeticDecoder, contexts: number) {
    this.mBits = Array.from({ length: contexts }, () => new SymbolModel(this.corrBits + 1));
    for (let i = 1; i <= this.corrBits; i += 1) this.mCorrector[i] = new SymbolModel(i <= this.bitsHigh ? 1 << i : 1 << this.bitsHigh);
  }

  decompress(pred: number, context: number): number {
    return (pred + this.readCorrector(this.mBits[context]!)) | 0;
  }

  private readCorrector(model: SymbolModel): number {
    const k = this.dec.decodeSymbol(model);
    if (k === 0) return this.dec.decodeBit(this.bit0);
    if (k >= 32) return -0x80000000;
    let c: number;
    if (k <= this.bitsHigh) {
      c = this.dec.decodeSymbol(this.mCorrector[k]!);
    } else {
      const k1 = k - this.bitsHigh;
      c = this.dec.decodeSymbol(this.mCorrector[k]!);
      c = c * 2 ** k1 + this.dec.readBits(k1);
    }
    // Back from the corrector's interval to a signed difference.
    return c >= 2 ** (k - 1) ? c + 1 : c - (2 ** k - 1);
  }
}

export interface LazChunk {
  /** Absolute byte offset of the chunk in the file. */
  offset: number;
  size: number;
  points: number;
}

/**
 * The chunks of a LAZ file, from the table at `tableBytes` (read from the table's position to the
 * end of the point data). `firstChunk` is the byte after the 8-byte table pointer.
 */
export function parseChunkTable(tableBytes: Uint8Array, firstChunk: number, chunkSize: number, declaredCount: number): LazChunk[] {
  const view = new DataView(tableBytes.buffer, tableBytes.byteOffset, tableBytes.byteLength);
  const count = view.getUint32(4, true);
  const variable = chunkSize === 0xffffffff;
  const dec = new ArithmeticDecoder(tableBytes, 8);
  const ic = new IntegerDecompressor(dec, 2);
  const chunks: LazChunk[] = [];
  let offset = firstChunk;
  let lastPoints = 0;
  let lastSize = 0;
  let remaining = declaredCount;
  for (let i = 0; i < count; i += 1) {
    const points = variable ? ic.decompress(lastPoints, 0) : Math.min(chunkSize, remaining);
    const size = ic.decompress(lastSize, 1);
    chunks.push({ offset, size, points });
    offset += size;
    lastPoints = points;
    lastSize = size;
    remaining -= points;
  }
  return chunks;
}
