import { mergeMessages } from '@/lib/i18n/merge-messages';

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
