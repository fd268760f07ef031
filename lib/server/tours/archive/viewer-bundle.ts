import 'server-only';
import path from 'node:path';

export interface ViewerBundle {
  js: Buffer;
  css: Buffer;
}

let built: Promise<ViewerBundle> | null = null;

/**
 * The exported tour's viewer: components/tours/offline/offline-tour.ts with Photo Sphere Viewer,
 * its tiles adapter and plugins and three, as one classic script and one style sheet (a page
 * opened from disk cannot load ES modules). Bundled with esbuild on the first export and kept
 * for the life of the process (about a second; nothing to commit or build ahead).
 */
export function viewerBundle(): Promise<ViewerBundle> {
  built ??= bundle().catch((err: unknown) => {
    built = null;
    throw err;
  });
  return built;
}

async function bundle(): Promise<ViewerBundle> {
  const esbuild = await import('esbuild');
  const root = process.cwd();
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: [path.join(root, 'components/tours/offline/offline-tour.ts')],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2020',
    minify: true,
    legalComments: 'eof',
    write: false,
    outdir: 'out',
    logLevel: 'silent',
    define: { 'process.env.NODE_ENV': '"production"' },
    alias: { '@': root },
  });
  const js = result.outputFiles.find((f) => f.path.endsWith('.js'));
  const css = result.outputFiles.find((f) => f.path.endsWith('.css'));
  if (!js || !css) throw new Error('the tour viewer bundle is incomplete');
  return { js: Buffer.from(js.contents), css: Buffer.from(css.contents) };
}
