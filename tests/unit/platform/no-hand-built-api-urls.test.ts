/** @jest-environment node */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

/*
 * Issue 13 point 4: components reach the API through lib/client/api (typed callers built from the
 * endpoint descriptions), never through an /api/v2 URL written by hand. Comments may name paths.
 */
const root = join(__dirname, '../../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The string and template literals of a file that contain /api/v2, with their line. */
export function handBuiltApiUrls(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteralLike(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node) || ts.isJsxText(node)) {
      if (node.text.includes('/api/v2')) found.push(`${fileName}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${node.getText()}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('no hand-built API URLs in components', () => {
  it('finds none in components/', () => {
    const found = sourceFiles(join(root, 'components')).flatMap((file) => handBuiltApiUrls(relative(root, file), readFileSync(file, 'utf8')));
    expect(found).toEqual([]);
  });

  it('notices strings, templates and JSX attributes, not comments', () => {
    const sample = [
      "// GET /api/v2/missions is fine in a comment",
      "const a = '/api/v2/roles';",
      'const b = `/api/v2/missions/${id}/close`;',
      'const c = `${base}?next=/api/v2/x`;',
      'const d = <a href="/api/v2/missions/1/pdf">pdf</a>;',
    ].join('\n');
    expect(handBuiltApiUrls('sample.tsx', sample).map((hit) => hit.split(':')[1])).toEqual(['2', '3', '4', '5']);
  });
});
