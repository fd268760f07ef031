import { horizontalShift } from '@/components/ui/viewport-fit';

describe('horizontalShift (pop-overs kept inside the viewport, issue 20)', () => {
  it('leaves a pop-over that fits where it is', () => {
    expect(horizontalShift({ left: 20, right: 250 }, 375)).toBe(0);
  });

  it('moves one that overflows the right edge back in, keeping the margin', () => {
    expect(horizontalShift({ left: 200, right: 424 }, 375)).toBe(-57);
  });

  it('moves one that starts left of the screen to the margin', () => {
    expect(horizontalShift({ left: -30, right: 200 }, 375)).toBe(38);
  });

  it('aligns one wider than the screen to the left margin', () => {
    expect(horizontalShift({ left: 100, right: 600 }, 375)).toBe(-92);
  });
});
