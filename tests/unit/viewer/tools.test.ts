import { addPoint, canFinish, dropPoint, isFull, startDraft } from '@/components/viewer/tools';

describe('measuring tools', () => {
  it('takes two points for a height and no more', () => {
    let d = startDraft('height');
    d = addPoint(addPoint(d, [0, 0, 0]), [0, 0, 3]);
    expect(canFinish(d) && isFull(d)).toBe(true);
    expect(addPoint(d, [1, 1, 1]).points).toHaveLength(2);
  });

  it('needs three points for an area and takes more', () => {
    let d = startDraft('area');
    d = addPoint(addPoint(d, [0, 0, 0]), [1, 0, 0]);
    expect(canFinish(d)).toBe(false);
    d = addPoint(d, [1, 1, 0]);
    expect(canFinish(d)).toBe(true);
    expect(isFull(d)).toBe(false);
    expect(dropPoint(d).points).toHaveLength(2);
  });

  it('anchors an annotation at one point', () => {
    const d = addPoint(startDraft('annotation'), [5, 5, 5]);
    expect(isFull(d)).toBe(true);
  });
});
