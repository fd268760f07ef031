import { type ByteSource, PointCloudError } from './types';

export type PlyScalarType = 'int8' | 'uint8' | 'int16' | 'uint16' | 'int32' | 'uint32' | 'float32' | 'float64';

export interface PlyProperty {
  name: string;
  type: PlyScalarType;
  /** Set for list properties: the type of the leading element count. */
  countType?: PlyScalarType;
}

export interface PlyElement {
  name: string;
  count: number;
  properties: PlyProperty[];
}

export interface PlyHeader {
  format: 'ascii' | 'binary_little_endian' | 'binary_big_endian';
  /** The version on the format line, "1.0" in every file we know. */
  version: string;
  elements: PlyElement[];
  /** File offset of the first body byte. */
  bodyStart: number;
}

const TYPE_NAMES: Record<string, PlyScalarType> = {
  char: 'int8', int8: 'int8', uchar: 'uint8', uint8: 'uint8',
  short: 'int16', int16: 'int16', ushort: 'uint16', uint16: 'uint16',
  int: 'int32', int32: 'int32', uint: 'uint32', uint32: 'uint32',
  float: 'float32', float32: 'float32', double: 'float64', float64: 'float64',
};

export const TYPE_SIZES: Record<PlyScalarType, number> = {
  int8: 1, uint8: 1, int16: 2, uint16: 2, int32: 4, uint32: 4, float32: 4, float64: 8,
};

// Real headers are a few hundred bytes; past this the file is not a PLY we can read.
const HEADER_LIMIT = 64 * 1024;

const malformed = (why: string) => new PointCloudError('malformedHeader', why);

export async function readPlyHeader(bytes: ByteSource): Promise<PlyHeader> {
  const head = await bytes.read(0, Math.min(bytes.size, HEADER_LIMIT));
  const text = new TextDecoder('latin1').decode(head);
  const end = /(^|\n)end_header\r?\n/.exec(text);
  if (!text.startsWith('ply') || !end) throw malformed('ply header without end_header');
  const bodyStart = end.index + end[0].length;
  const lines = text.slice(0, bodyStart).split(/\r?\n/).map((line) => line.trim());
  if (lines[0] !== 'ply') throw malformed('ply signature');

  let format: PlyHeader['format'] | undefined;
  let version = '1.0';
  const elements: PlyElement[] = [];
  for (const line of lines.slice(1)) {
    const words = line.split(/\s+/);
    switch (words[0]) {
      case 'format':
        if (words[1] !== 'ascii' && words[1] !== 'binary_little_endian' && words[1] !== 'binary_big_endian') throw malformed('ply format');
        format = words[1];
        version = words[2] ?? version;
        break;
      case 'element': {
        const count = Number(words[2]);
        // A record takes at least one byte, so a count above the file size is a lie, not a truncation.
        if (words.length !== 3 || !/^\d+$/.test(words[2]!) || count > bytes.size) throw malformed('ply element count');
        elements.push({ name: words[1]!, count, properties: [] });
        break;
      }
      case 'property': {
        const element = elements.at(-1);
        if (!element) throw malformed('ply property outside an element');
        element.properties.push(parseProperty(words));
        break;
      }
      case 'comment':
      case 'obj_info':
      case 'end_header':
      case '':
        break;
      default:
        throw malformed('ply header keyword');
    }
  }
  if (!format) throw malformed('ply without format');
  return { format, version, elements, bodyStart };
}

function parseProperty(words: string[]): PlyProperty {
  if (words[1] === 'list') {
    const countType = TYPE_NAMES[words[2] ?? ''];
    const type = TYPE_NAMES[words[3] ?? ''];
    if (words.length !== 5 || !countType || !type || countType.startsWith('float')) throw malformed('ply list property');
    return { name: words[4]!, type, countType };
  }
  const type = TYPE_NAMES[words[1] ?? ''];
  if (words.length !== 3 || !type) throw malformed('ply property');
  return { name: words[2]!, type };
}
