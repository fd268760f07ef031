import { mergedMessages, mergeMessages } from '@/lib/i18n/merge-messages';

describe('an area merged into the messages above it', () => {
  it('keeps the outer namespaces, adds the area\'s and merges sub-trees; compiled messages are leaves', () => {
    const outer = { ui: { ok: 'OK' }, tours: { name: 'Name', state: { ready: 'Ready' } } };
    const inner = { missions: { title: 'Mission' }, tours: { viewer: { back: 'Back' }, state: { ready: [['n', 4]] } } };
    expect(mergeMessages(outer, inner)).toEqual({
      ui: { ok: 'OK' },
      missions: { title: 'Mission' },
      tours: { name: 'Name', viewer: { back: 'Back' }, state: { ready: [['n', 4]] } },
    });
    expect(outer).toEqual({ ui: { ok: 'OK' }, tours: { name: 'Name', state: { ready: 'Ready' } } });
  });
});

describe('the merged messages a page\'s providers get', () => {
  it('are the same object for the same two catalogues, so what is kept per catalogue outlives the request', () => {
    const outer = { ui: { ok: 'OK' } };
    const inner = { missions: { title: 'Mission' } };
    const first = mergedMessages(outer, inner);
    expect(first).toEqual(mergeMessages(outer, inner));
    expect(mergedMessages(outer, inner)).toBe(first);
    expect(mergedMessages({ ...outer }, inner)).not.toBe(first);
  });

  it('are the area\'s own object when there is nothing above it (the root provider\'s empty messages)', () => {
    const inner = { ui: { ok: 'OK' } };
    expect(mergedMessages({}, inner)).toBe(inner);
  });
});
