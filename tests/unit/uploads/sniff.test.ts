import { ACCEPTED_CONTENT } from '@/lib/shared/schemas/upload';
import { sniffContent } from '@/lib/shared/uploads/sniff';
import { lasFile } from '@/tests/support/las-fixture';

const text = (s: string) => Uint8Array.from(Buffer.from(s, 'latin1'));
const bytes = (...b: number[]) => Uint8Array.from([...b, ...new Array(16).fill(0)]);

describe('sniffContent: what a file is, by its first bytes', () => {
  it.each([
    ['LAS (also LAZ and COPC)', lasFile(1), 'las'],
    ['E57', text('ASTM-E57\0\0\0\0\0\0\0\0'), 'e57'],
    ['PLY with \\n', text('ply\nformat ascii 1.0\n'), 'ply'],
    ['PLY with \\r\\n', text('ply\r\nformat binary_little_endian 1.0\r\n'), 'ply'],
    ['JPEG', bytes(0xff, 0xd8, 0xff, 0xe0), 'jpeg'],
    ['PNG', bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a), 'png'],
    ['ZIP', bytes(0x50, 0x4b, 0x03, 0x04), 'zip'],
    ['DWG', text('AC1032\0\0\0\0\0\0\0\0\0\0'), 'dwg'],
    ['DXF', text('  0\nSECTION\n  2\nHEADER\n'), 'dxf'],
    ['DXF with BOM and CRLF', Uint8Array.from([0xef, 0xbb, 0xbf, ...text('0\r\nSECTION\r\n')]), 'dxf'],
    ['IFC', text('ISO-10303-21;\nHEADER;'), 'ifc'],
    ['PDF', text('%PDF-1.7\n%âãÏÓ\n'), 'pdf'],
  ])('%s', (_name, content, kind) => {
    expect(sniffContent(content)).toBe(kind);
  });

  it('knows nothing else, whatever the name would say', () => {
    expect(sniffContent(text('hello, this is a text file'))).toBeNull();
    expect(sniffContent(text('PLY\n'))).toBeNull();
    expect(sniffContent(text('plyfoo\n'))).toBeNull();
    expect(sniffContent(text('LAS'))).toBeNull();
    expect(sniffContent(new Uint8Array(0))).toBeNull();
    expect(sniffContent(text('0\nENDSEC'))).toBeNull();
  });

  it('accepts per purpose: scans are point clouds or archives, photos images, CAD drawings and documents', () => {
    expect(ACCEPTED_CONTENT.scan).toEqual(['las', 'e57', 'ply', 'zip']);
    expect(ACCEPTED_CONTENT.photo).toEqual(['jpeg', 'png']);
    expect(ACCEPTED_CONTENT['tour-image']).toEqual(['jpeg', 'png']);
    expect(ACCEPTED_CONTENT.cad).toEqual(['dwg', 'dxf', 'ifc', 'pdf']);
  });
});
