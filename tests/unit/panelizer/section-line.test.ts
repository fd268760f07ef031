import { dragSectionLine, sectionGripAt } from '@/components/panelizer/model/section-line';
import { formatSectionLine, parseSectionLine } from '@/lib/shared/panelizer/points';

const line = { x0: 10.5, y0: -4, x1: 10.5, y1: 16 };

describe("step 1's section line on the plan", () => {
  it('grabs an end first, else the line, within the radius', () => {
    expect(sectionGripAt(line, [10.6, -3.9], 0.2)).toBe('start');
    expect(sectionGripAt(line, [10.4, 16.1], 0.2)).toBe('end');
    expect(sectionGripAt(line, [10.65, 5], 0.2)).toBe('line');
    expect(sectionGripAt(line, [11, 5], 0.2)).toBeNull();
    expect(sectionGripAt(line, [10.5, 16.5], 0.2)).toBeNull();
  });

  it('moves an end, or the whole line by the drag, in centimetres; never shorter than a metre', () => {
    expect(dragSectionLine(line, 'start', [10.5, -4], [2.123, -3.001])).toEqual({ x0: 2.12, y0: -3, x1: 10.5, y1: 16 });
    expect(dragSectionLine(line, 'line', [10.5, 5], [13.5, 5.004])).toEqual({ x0: 13.5, y0: -4, x1: 13.5, y1: 16 });
    expect(dragSectionLine(line, 'end', [10.5, 16], [10.6, -3.5])).toBe(line);
  });

  it('travels in a response header as four numbers; anything else is no line', () => {
    expect(parseSectionLine(formatSectionLine({ x0: -4, y0: 1.5, x1: 16, y1: 1.5 }))).toEqual({ x0: -4, y0: 1.5, x1: 16, y1: 1.5 });
    expect(parseSectionLine(null)).toBeNull();
    expect(parseSectionLine('1,2,3')).toBeNull();
    expect(parseSectionLine('1,2,x,4')).toBeNull();
  });
});
