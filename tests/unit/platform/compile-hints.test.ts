/**
 * @jest-environment node
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { COMPILE_HINT, CompileHintsPlugin } from '@/scripts/build/compile-hints.mjs';

interface Compiler {
  run(done: (err: Error | null, stats?: { hasErrors(): boolean; toString(): string }) => void): void;
  close(done: () => void): void;
}

/*
 * The build's compile hints (scripts/build/compile-hints.mjs) through Next's own webpack and
 * minifier: the chunk a page starts with begins with V8's magic comment (V8 looks at the first
 * line only), and a chunk loaded on demand does not have it.
 */

// eslint-disable-next-line @typescript-eslint/no-require-imports -- Next's bundled webpack is CommonJS only
const bundled = require('next/dist/compiled/webpack/webpack') as { init(): void; webpack(options: object): Compiler };
bundled.init();
// Next's own minifier (SWC), as `next build` runs it: it drops comments, so the hint must come after
// it. It reports to the build's trace, which `next build` opens for each compiler.
/* eslint-disable @typescript-eslint/no-require-imports -- Next's build internals are CommonJS only */
const { MinifyPlugin } = require('next/dist/build/webpack/plugins/minify-webpack-plugin/src') as { MinifyPlugin: new (options: object) => { apply(compiler: unknown): void } };
const { spans } = require('next/dist/build/webpack/plugins/profiling-plugin') as { spans: WeakMap<object, unknown> };
const { trace } = require('next/dist/trace') as { trace(name: string): unknown };
/* eslint-enable @typescript-eslint/no-require-imports */

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'argus-compile-hints-'));
  writeFileSync(join(dir, 'page.js'), "import { greet } from './shared.js';\ndocument.title = greet('page');\nimport('./lazy.js').then((m) => m.later());\n");
  writeFileSync(join(dir, 'shared.js'), "export function greet(name) { return 'hello ' + name; }\n");
  writeFileSync(join(dir, 'lazy.js'), "export function later() { return 'loaded on demand'; }\n");
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function build(): Promise<Map<string, string>> {
  return new Promise((resolve, reject) => {
    const compiler = bundled.webpack({
      mode: 'production',
      context: dir,
      entry: { page: './page.js' },
      output: { path: join(dir, 'out'), filename: '[name].[contenthash].js', chunkFilename: 'lazy-[id].[contenthash].js' },
      optimization: {
        minimizer: [
          (compiler: Compiler) => {
            spans.set(compiler, trace('compile-hints-test'));
            new MinifyPlugin({ noMangling: false, disableCharFreq: false }).apply(compiler);
          },
        ],
      },
      plugins: [new CompileHintsPlugin()],
    });
    compiler.run((err, stats) => {
      compiler.close(() => undefined);
      if (err || stats?.hasErrors()) return reject(err ?? new Error(stats?.toString()));
      const out = join(dir, 'out');
      resolve(new Map(readdirSync(out).map((file) => [file, readFileSync(join(out, file), 'utf8')])));
    });
  });
}

describe('compile hints', () => {
  it('marks the chunk a page starts with, not the one it loads on demand', async () => {
    const files = await build();
    const page = [...files].find(([name]) => name.startsWith('page.'));
    const lazy = [...files].find(([name]) => name.startsWith('lazy-'));
    expect(page?.[1].startsWith(COMPILE_HINT)).toBe(true);
    expect(page?.[1]).toContain('hello ');
    expect(lazy?.[1]).toContain('loaded on demand');
    expect(lazy?.[1]).not.toContain('allFunctionsCalledOnLoad');
  }, 60_000);
});
