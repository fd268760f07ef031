import { fireEvent, render, screen } from '@testing-library/react';
import { shortcutFor, type ShortcutAction, type Step } from '@/components/panelizer/editor/shortcuts';
import { useEditorKeys } from '@/components/panelizer/editor/use-editor-keys';

const press = (key: string, mods: Partial<{ ctrlKey: boolean; metaKey: boolean; shiftKey: boolean; altKey: boolean }> = {}) => ({
  key,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...mods,
});

describe('panelizer shortcuts', () => {
  it('maps the spec keys: 1 and 2 choose the building and balcony tool, Tab switches (walls step only)', () => {
    expect(shortcutFor(press('1'), 'walls')).toEqual({ type: 'tool', tool: 'building' });
    expect(shortcutFor(press('2'), 'walls')).toEqual({ type: 'tool', tool: 'balcony' });
    expect(shortcutFor(press('Tab'), 'walls')).toEqual({ type: 'switchTool' });
    expect(shortcutFor(press('1'), 'floors')).toBeNull();
    expect(shortcutFor(press('Tab'), 'openings')).toBeNull();
  });

  it('maps undo (ctrl+z), redo (ctrl+shift+z, ctrl+y, ⌘ too), delete, escape and the floor-line nudges', () => {
    expect(shortcutFor(press('z', { ctrlKey: true }), 'walls')).toEqual({ type: 'undo' });
    expect(shortcutFor(press('Z', { ctrlKey: true, shiftKey: true }), 'walls')).toEqual({ type: 'redo' });
    expect(shortcutFor(press('y', { ctrlKey: true }), 'floors')).toEqual({ type: 'redo' });
    expect(shortcutFor(press('z', { metaKey: true }), 'openings')).toEqual({ type: 'undo' });
    expect(shortcutFor(press('Delete'), 'openings')).toEqual({ type: 'delete' });
    expect(shortcutFor(press('Backspace'), 'floors')).toEqual({ type: 'delete' });
    expect(shortcutFor(press('Escape'), 'walls')).toEqual({ type: 'cancel' });
    expect(shortcutFor(press('ArrowUp'), 'floors')).toEqual({ type: 'nudge', metres: 0.01 });
    expect(shortcutFor(press('ArrowDown', { shiftKey: true }), 'floors')).toEqual({ type: 'nudge', metres: -0.1 });
    expect(shortcutFor(press('ArrowUp'), 'walls')).toEqual({ type: 'nudgeCorner', dx: 0, dy: 0.01 });
    expect(shortcutFor(press('c', { ctrlKey: true }), 'walls')).toBeNull();
  });

  it('moves the selected corner in step 2 by the arrows, north up (1 cm, shift 10 cm), and inserts one with I or Insert', () => {
    expect(shortcutFor(press('ArrowLeft', { shiftKey: true }), 'walls')).toEqual({ type: 'nudgeCorner', dx: -0.1, dy: 0 });
    expect(shortcutFor(press('ArrowDown'), 'walls')).toEqual({ type: 'nudgeCorner', dx: 0, dy: -0.01 });
    expect(shortcutFor(press('i'), 'walls')).toEqual({ type: 'insertCorner' });
    expect(shortcutFor(press('Insert'), 'walls')).toEqual({ type: 'insertCorner' });
    expect(shortcutFor(press('i'), 'openings')).toBeNull();
    expect(shortcutFor(press('ArrowLeft', { altKey: true }), 'walls')).toBeNull();
  });
});

function Keys({ step, log }: { step: Step; log: ShortcutAction[] }) {
  useEditorKeys(step, (action) => log.push(action));
  return (
    <div>
      <input aria-label="name" />
      <canvas aria-label="drawing" tabIndex={0} />
      <button type="button">other</button>
    </div>
  );
}

describe('panelizer editor keyboard', () => {
  it('acts on keys pressed anywhere but in a field, and takes Tab only from the drawing', () => {
    const log: ShortcutAction[] = [];
    render(<Keys step="walls" log={log} />);
    fireEvent.keyDown(screen.getByLabelText('name'), { key: '2' });
    expect(log).toEqual([]);
    fireEvent.keyDown(screen.getByRole('button', { name: 'other' }), { key: '2' });
    fireEvent.keyDown(screen.getByRole('button', { name: 'other' }), { key: 'Tab' });
    expect(log).toEqual([{ type: 'tool', tool: 'balcony' }]);
    const tab = fireEvent.keyDown(screen.getByLabelText('drawing'), { key: 'Tab' });
    expect(tab).toBe(false);
    fireEvent.keyDown(screen.getByLabelText('drawing'), { key: 'z', ctrlKey: true });
    expect(log.slice(1)).toEqual([{ type: 'switchTool' }, { type: 'undo' }]);
  });
});
