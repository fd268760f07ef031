import { formatViewerLink, parseViewerLink } from '@/lib/shared/viewer/deep-link';

describe('viewer deep links', () => {
  it('carries the camera to the millimetre and the selected item', () => {
    const query = formatViewerLink({ camera: { position: [691234.56789, 5334567.1, 320], target: [691240, 5334570.0004, 301.5] }, item: 42 });
    expect(query).toBe('?camera=691234.568,5334567.1,320,691240,5334570,301.5&item=42');
    expect(parseViewerLink(new URLSearchParams(query))).toEqual({ camera: { position: [691234.568, 5334567.1, 320], target: [691240, 5334570, 301.5] }, item: 42 });
  });

  it('leaves out what is malformed and keeps the rest', () => {
    expect(parseViewerLink(new URLSearchParams('camera=1,2,3&item=7'))).toEqual({ item: 7 });
    expect(parseViewerLink({ camera: '1,2,3,4,5,x', item: '-3' })).toEqual({});
    expect(parseViewerLink({ item: ['1', '2'] })).toEqual({});
    expect(formatViewerLink({})).toBe('');
  });
});
