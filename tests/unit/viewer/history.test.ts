import { EMPTY_HISTORY, HISTORY_LIMIT, record, redoStep, redone, requestFor, undoStep, undone, type ItemState } from '@/lib/shared/measurements/history';

const item = (name: string): ItemState => ({ kind: 'distance', name, visible: true, points: [[0, 0, 0], [1, 0, 0]], data: {} });

describe('undo and redo of saved items', () => {
  it('undoes a creation by deleting and redoes it by creating again', () => {
    const h = record(EMPTY_HISTORY, { ref: 'a', before: null, after: item('A') });
    const undo = undoStep(h)!;
    expect(undo).toEqual({ ref: 'a', from: item('A'), to: null });
    expect(requestFor(undo)).toBe('delete');
    const back = undone(h);
    expect(undoStep(back)).toBeNull();
    const redo = redoStep(back)!;
    expect(requestFor(redo)).toBe('create');
    expect(redone(back)).toEqual(h);
  });

  it('undoes a rename by renaming back, a deletion by creating again', () => {
    let h = record(EMPTY_HISTORY, { ref: 'a', before: null, after: item('A') });
    h = record(h, { ref: 'a', before: item('A'), after: item('B') });
    h = record(h, { ref: 'a', before: item('B'), after: null });
    expect(requestFor(undoStep(h)!)).toBe('create');
    h = undone(h);
    expect(undoStep(h)).toEqual({ ref: 'a', from: item('B'), to: item('A') });
    expect(requestFor(undoStep(h)!)).toBe('update');
  });

  it('walks back in order and forgets what was undone once something new is done', () => {
    let h = record(EMPTY_HISTORY, { ref: 'a', before: null, after: item('A') });
    h = record(h, { ref: 'b', before: null, after: item('B') });
    h = undone(h);
    expect(redoStep(h)?.ref).toBe('b');
    h = record(h, { ref: 'c', before: null, after: item('C') });
    expect(redoStep(h)).toBeNull();
    expect(h.past.map((c) => c.ref)).toEqual(['a', 'c']);
  });

  it('leaves an empty history as it is', () => {
    expect(undone(EMPTY_HISTORY)).toBe(EMPTY_HISTORY);
    expect(redone(EMPTY_HISTORY)).toBe(EMPTY_HISTORY);
    expect(requestFor({ ref: 'x', from: null, to: null })).toBe('none');
  });

  it('remembers a bounded number of changes', () => {
    let h = EMPTY_HISTORY;
    for (let i = 0; i < HISTORY_LIMIT + 5; i++) h = record(h, { ref: String(i), before: null, after: item(String(i)) });
    expect(h.past).toHaveLength(HISTORY_LIMIT);
    expect(h.past[0]!.ref).toBe('5');
  });
});
