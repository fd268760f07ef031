/** @jest-environment node */
import { fit } from '@/lib/server/blurring/privacy-record-pdf';
import { textWidth } from '@/lib/server/panelizer/files/pdf-writer';

describe("the privacy record PDF's cells", () => {
  it('keeps a text that fits and cuts a longer one with an ellipsis to the width', () => {
    expect(fit('hof.jpg', 100, 9)).toBe('hof.jpg');
    const long = `${'sehr-langer-dateiname-'.repeat(10)}.jpg`;
    const cut = fit(long, 200, 9);
    expect(cut.endsWith('…')).toBe(true);
    expect(long.startsWith(cut.slice(0, -1))).toBe(true);
    expect(textWidth(cut, 9)).toBeLessThanOrEqual(200);
  });
});
