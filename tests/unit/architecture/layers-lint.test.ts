/**
 * @jest-environment node
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/*
 * The layer rules and the import-cycle check of eslint.config.mjs (ARCHITECTURE §2) fail on a
 * forbidden import, and its date rule on a date written other than spec §9 says. ESLint runs with the project's own config through its Node API, in a child
 * process (the config is an ES module, which Jest's module loader cannot import), on sources given
 * in memory under real paths, so the rules see them where such files would live.
 */

interface Probe {
  /** A real file, whose text the probe replaces (the cycle check reads its neighbours from disk). */
  filePath: string;
  code: string;
  /** Rule settings on top of the project's config, for this probe only. */
  rules?: Record<string, unknown>;
}
type Messages = { ruleId: string | null; message: string }[][];

const root = process.cwd();

function lint(probes: Probe[]): Messages {
  const script = `
    import { ESLint } from 'eslint';
    const probes = JSON.parse(process.env.PROBES);
    const out = [];
    for (const p of probes) {
      const eslint = new ESLint({ cwd: process.cwd(), ...(p.rules ? { overrideConfig: { rules: p.rules } } : {}) });
      const [result] = await eslint.lintText(p.code, { filePath: p.filePath });
      out.push(result.messages.map((m) => ({ ruleId: m.ruleId, message: m.message })));
    }
    process.stdout.write(JSON.stringify(out));
  `;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: root,
    env: { ...process.env, PROBES: JSON.stringify(probes.map((p) => ({ ...p, filePath: join(root, p.filePath) }))) },
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  if (run.status !== 0) throw new Error(`eslint failed: ${run.stderr}`);
  return JSON.parse(run.stdout) as Messages;
}

const rules = (messages: Messages[number]) => messages.map((m) => m.ruleId);

describe('the layer and date rules (eslint.config.mjs)', () => {
  let results: Messages;

  beforeAll(() => {
    // The real enqueue module plus one import of a feature that enqueues: a cycle jobs ↔ missions.
    const enqueue = readFileSync(join(root, 'lib/server/jobs/enqueue.ts'), 'utf8');
    results = lint([
      { filePath: 'lib/server/missions/map-missions.ts', code: "import { BaseMap } from '@/components/map/base-map';\nexport const probe = BaseMap;\n" },
      { filePath: 'lib/shared/locale.ts', code: "import { db } from '@/lib/server/db/client';\nexport const probe = db;\n" },
      { filePath: 'components/shell/app-shell.tsx', code: "import { db } from '@/lib/server/db/client';\nexport const probe = db;\n" },
      { filePath: 'components/platform/forbidden-view.tsx', code: "import Forbidden from '@/app/forbidden';\nexport const probe = Forbidden;\n" },
      {
        filePath: 'lib/server/jobs/enqueue.ts',
        code: `import { startMissionBackup } from '../missions/backup/mission-backups';\n${enqueue}\nexport const probe = startMissionBackup;\n`,
        // The rule's shortcut (strongly connected components) is computed from the files on disk,
        // where this cycle does not exist; without it the rule follows the probe's own imports.
        rules: { 'import/no-cycle': ['error', { ignoreExternal: true, disableScc: true }] },
      },
      { filePath: 'lib/server/missions/map-missions.ts', code: "import { locales } from '@/lib/shared/locale';\nimport { db } from '@/lib/server/db/client';\nexport const probe = [locales, db];\n" },
      // Spec §9's dates: Intl's styles (short month, 12-hour clock in English) and next-intl's dateTime.
      { filePath: 'lib/server/panelizer/files/pdf-report.ts', code: "export const probe = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });\n" },
      { filePath: 'components/panelizer/page/project-picker.tsx', code: "export const probe = (format: { dateTime(d: Date): string }) => format.dateTime(new Date());\n" },
    ]);
  }, 180_000);

  it('refuses lib/ importing components/', () => {
    expect(rules(results[0]!)).toContain('import/no-restricted-paths');
    expect(results[0]![0]!.message).toMatch(/lib\/shared/);
  });

  it('refuses lib/shared importing lib/server', () => {
    expect(rules(results[1]!)).toContain('import/no-restricted-paths');
  });

  it('refuses components touching the database or importing app/', () => {
    expect(rules(results[2]!)).toContain('import/no-restricted-paths');
    expect(rules(results[3]!)).toContain('import/no-restricted-paths');
  });

  it('refuses an import cycle (the jobs layer importing a feature that enqueues)', () => {
    expect(rules(results[4]!)).toContain('import/no-cycle');
  });

  it('refuses dates formatted other than spec §9 says', () => {
    expect(rules(results[6]!)).toEqual(['no-restricted-syntax', 'no-restricted-syntax']);
    expect(results[6]![0]!.message).toMatch(/spec §9/);
    expect(rules(results[7]!)).toEqual(['no-restricted-syntax']);
  });

  it('accepts imports that point down the layers', () => {
    expect(results[5]).toEqual([]);
  });
});
