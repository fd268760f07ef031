/*
 * V8's explicit compile hints (Chrome 136+). V8 compiles a function when it is first called, on the
 * main thread; a script whose first line is this comment has all its functions compiled while it
 * streams in, on a background thread. The scripts a page starts with (React, the Next.js runtime,
 * the page's and its layouts' chunks) run almost all their code during hydration, so compiling
 * them ahead takes that work off the main thread: in Lighthouse's mobile run of the sign-in page
 * the total blocking time went from 192–447 ms to 28–101 ms (docs/performance.md, 6 Dec night).
 * Chunks only ever loaded later (next/dynamic, `import()`: the viewer, the map, forms' schemas)
 * stay lazy, so no page compiles such code before it may run. (A chunk one page starts with and
 * another loads later carries the hint on both.)
 */

/** The magic comment, as V8 looks for it: the script's first line. */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

const NAME = 'CompileHintsPlugin';

/** Puts {@link COMPILE_HINT} at the top of every JavaScript file of a chunk a page loads at its start. */
export class CompileHintsPlugin {
  /** @param {import('next/dist/compiled/webpack/webpack').Compiler} compiler */
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap(NAME, (compilation) => {
      // After minification, which drops comments; before the content hashes are computed.
      const stage = Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1;
      compilation.hooks.processAssets.tap({ name: NAME, stage }, () => {
        for (const chunk of compilation.chunks) {
          if (!chunk.canBeInitial()) continue;
          for (const file of chunk.files) {
            if (file.endsWith('.js')) compilation.updateAsset(file, (source) => new sources.ConcatSource(COMPILE_HINT, source));
          }
        }
      });
    });
  }
}
