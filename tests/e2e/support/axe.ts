import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';

// axe-core comes with the lint toolchain (eslint-plugin-jsx-a11y); the tests run from the repository root.
const axeSource = readFileSync(join(process.cwd(), 'node_modules/axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  help: string;
  targets: string[];
}

/** Runs axe on the page as it is now (every rule, or only `rules`): every violation, with the elements it found it on. */
export async function axeViolations(page: Page, rules?: string[]): Promise<AxeViolation[]> {
  await page.evaluate(axeSource);
  return page.evaluate(async (rules) => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, options: unknown) => Promise<{ violations: { id: string; help: string; nodes: { target: string[] }[] }[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'], ...(rules && { runOnly: { type: 'rule', values: rules } }) });
    return result.violations.map((v) => ({ id: v.id, help: v.help, targets: v.nodes.flatMap((n) => n.target) }));
  }, rules);
}
