import { heightCap, horizontalShift, MIN_POPOVER_HEIGHT } from '@/components/ui/viewport-fit';

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

describe('heightCap (pop-overs kept above the bottom edge)', () => {
  it('leaves one that fits uncut', () => {
    expect(heightCap({ top: 100, bottom: 400 }, 812)).toBeNull();
  });

  it('cuts one that reaches past the bottom edge to the room left below its top, keeping the margin', () => {
    expect(heightCap({ top: 500, bottom: 900 }, 812)).toBe(304);
  });

  it('does not cut one below the least useful height', () => {
    expect(heightCap({ top: 780, bottom: 1000 }, 812)).toBe(MIN_POPOVER_HEIGHT);
  });
});
