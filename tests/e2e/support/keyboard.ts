import { expect, type Locator, type Page } from '@playwright/test';
import { withDb } from './db';

// Driving a screen with the keyboard alone (issue 20 point 6): where focus is, and Tab to a control.

export const focused = (page: Page) => page.locator(':focus');

/** The focused element's accessible name as a keyboard user hears it (aria-label, labels, text). */
export async function focusedName(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return '';
    const byIds = el.getAttribute('aria-labelledby')?.split(/\s+/).map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
    const labels = (el as HTMLInputElement).labels ? Array.from((el as HTMLInputElement).labels ?? []).map((l) => l.textContent ?? '').join(' ') : '';
    return (el.getAttribute('aria-label') ?? byIds ?? (labels || el.textContent) ?? '').replace(/\s+/g, ' ').trim();
  });
}

/**
 * Presses Tab (or Shift+Tab) until the focused control's name matches: the keyboard user's way
 * to a control. Fails when it is not reached within `max` presses (unreachable by keyboard).
 */
export async function tabTo(page: Page, name: string | RegExp, { back = false, max = 80 } = {}): Promise<Locator> {
  const matches = (text: string) => (typeof name === 'string' ? text === name : name.test(text));
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    if (matches(await focusedName(page))) return focused(page);
  }
  throw new Error(`${String(name)} was not reached with ${max} presses of ${back ? 'Shift+Tab' : 'Tab'}`);
}

/** A keyboard user sees where focus is: the focused element draws an outline (or a ring). */
export async function expectFocusRing(page: Page) {
  const ring = await page.evaluate(() => {
    const style = getComputedStyle(document.activeElement!);
    return (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none';
  });
  expect(ring, `focus ring on ${await focusedName(page)}`).toBe(true);
}

export async function demoMissionId(): Promise<number> {
  const { rows } = await withDb((db) => db.query<{ id: string }>(`select id from mission where internal_reference = 'ARG-2026-DEMO'`));
  return Number(rows[0]!.id);
}

