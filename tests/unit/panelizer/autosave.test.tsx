import { act, renderHook } from '@testing-library/react';
import { AUTOSAVE_DELAY_MS, useAutosave, type SaveDocument } from '@/components/panelizer/editor/use-autosave';
import { emptyPanelizerDocument, type PanelizerDocument } from '@/lib/shared/panelizer/document';

/** A server that answers each save with the next version, 409 when the version is stale. */
function server() {
  let version = 1;
  const calls: { version: number; resolve: () => void }[] = [];
  const save: SaveDocument = (_doc, based) =>
    new Promise((resolve) => {
      calls.push({
        version: based,
        resolve: () => {
          if (based !== version) return resolve({ ok: false, conflict: true });
          version += 1;
          resolve({ ok: true, version });
        },
      });
    });
  return { save, calls };
}

const doc = (z: number): PanelizerDocument => ({ ...emptyPanelizerDocument([0, 0, 0]), floorLines: [{ id: 'a', z }] });

describe('panelizer autosave', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('saves after a quiet time, and an edit made while a save is under way saves with the version that save answered', async () => {
    const { save, calls } = server();
    const first = doc(0);
    const { result, rerender } = renderHook(({ d }) => useAutosave({ doc: d, version: 1, save, enabled: true }), { initialProps: { d: first } });
    expect(result.current.state).toBe('saved');
    rerender({ d: doc(1) });
    expect(result.current.state).toBe('pending');
    await act(async () => jest.advanceTimersByTime(AUTOSAVE_DELAY_MS));
    expect(calls).toHaveLength(1);
    expect(result.current.state).toBe('saving');
    // The user goes on while the first save is under way.
    rerender({ d: doc(2) });
    await act(async () => jest.advanceTimersByTime(AUTOSAVE_DELAY_MS));
    expect(calls).toHaveLength(1);
    await act(async () => calls[0]!.resolve());
    expect(calls).toHaveLength(2);
    expect(calls[1]!.version).toBe(2);
    await act(async () => calls[1]!.resolve());
    expect(result.current.state).toBe('saved');
  });

  it('stops on a stale version and keeps the document until the user resolves it', async () => {
    const { save, calls } = server();
    const { result, rerender } = renderHook(({ d, v }) => useAutosave({ doc: d, version: v, save, enabled: true }), { initialProps: { d: doc(0), v: 7 } });
    rerender({ d: doc(1), v: 7 });
    await act(async () => jest.advanceTimersByTime(AUTOSAVE_DELAY_MS));
    await act(async () => calls[0]!.resolve());
    expect(result.current.state).toBe('conflict');
    rerender({ d: doc(2), v: 7 });
    await act(async () => jest.advanceTimersByTime(AUTOSAVE_DELAY_MS * 3));
    expect(calls).toHaveLength(1);
    // Put on top of the newest (version 1 on this server): saved again from there.
    await act(async () => result.current.resolved(1));
    await act(async () => jest.advanceTimersByTime(AUTOSAVE_DELAY_MS));
    expect(calls[1]!.version).toBe(1);
    await act(async () => calls[1]!.resolve());
    expect(result.current.state).toBe('saved');
  });

  it('afterSave saves what is on screen at once, then runs its task with the saved version (an export holds the latest edit)', async () => {
    const { save, calls } = server();
    const { result, rerender } = renderHook(({ d }) => useAutosave({ doc: d, version: 1, save, enabled: true }), { initialProps: { d: doc(0) } });
    rerender({ d: doc(1) });
    const seen: number[] = [];
    let outcome: Promise<boolean> | null = null;
    // No quiet time waited: "Create export" right after the edit.
    act(() => {
      outcome = result.current.afterSave(async (version) => {
        seen.push(version);
        return null;
      });
    });
    await act(async () => undefined);
    expect(calls).toHaveLength(1);
    expect(seen).toEqual([]);
    await act(async () => calls[0]!.resolve());
    await expect(outcome).resolves.toBe(true);
    expect(seen).toEqual([2]);
    // The autosave's own timer finds nothing left to save.
    await act(async () => jest.advanceTimersByTime(AUTOSAVE_DELAY_MS));
    expect(calls).toHaveLength(1);
    expect(result.current.state).toBe('saved');
  });

  it("afterSave adopts the version its task made (a rename), so the next save is not stale; after a conflict it runs nothing", async () => {
    const { save, calls } = server();
    const { result, rerender } = renderHook(({ d }) => useAutosave({ doc: d, version: 1, save, enabled: true }), { initialProps: { d: doc(0) } });
    await act(async () => {
      await expect(result.current.afterSave(async (version) => version + 5)).resolves.toBe(true);
    });
    rerender({ d: doc(1) });
    await act(async () => jest.advanceTimersByTime(AUTOSAVE_DELAY_MS));
    expect(calls[0]!.version).toBe(6);
    await act(async () => calls[0]!.resolve());
    expect(result.current.state).toBe('conflict');
    const task = jest.fn(async () => null);
    rerender({ d: doc(2) });
    await act(async () => {
      await expect(result.current.afterSave(task)).resolves.toBe(false);
    });
    expect(task).not.toHaveBeenCalled();
    expect(calls).toHaveLength(1);
  });
});
