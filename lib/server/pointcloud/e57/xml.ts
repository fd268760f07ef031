import { PointCloudError } from '../types';

export interface XmlElement {
  /** Qualified name as written, e.g. "cartesianX" or "las:recordId". */
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  /** Character data directly inside the element (CDATA included). */
  text: string;
}

// E57 trees are shallow (root → data3D → scan → points → prototype → field); deeper is hostile.
const MAX_DEPTH = 64;

const PREDEFINED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

const malformed = (why: string) => new PointCloudError('malformedHeader', why);

/**
 * A small XML parser for the E57 XML section: elements, attributes, text, CDATA, comments and
 * processing instructions. A DOCTYPE is refused and only the five predefined and numeric character
 * references are decoded, so no entity can expand (no "billion laughs", no external entities).
 */
export function parseXml(source: string): XmlElement {
  const root: XmlElement = { name: '', attributes: {}, children: [], text: '' };
  const stack: XmlElement[] = [root];
  let i = 0;
  while (i < source.length) {
    const top = stack[stack.length - 1]!;
    if (source[i] !== '<') {
      const end = source.indexOf('<', i);
      const stop = end < 0 ? source.length : end;
      top.text += decodeReferences(source.slice(i, stop));
      i = stop;
    } else if (source.startsWith('<?', i)) {
      i = after(source, '?>', i);
    } else if (source.startsWith('<!--', i)) {
      i = after(source, '-->', i);
    } else if (source.startsWith('<![CDATA[', i)) {
      const end = after(source, ']]>', i);
      top.text += source.slice(i + 9, end - 3);
      i = end;
    } else if (source.startsWith('<!', i)) {
      throw malformed('xml declarations are not accepted');
    } else if (source.startsWith('</', i)) {
      const end = after(source, '>', i);
      const name = source.slice(i + 2, end - 1).trim();
      if (stack.length < 2 || name !== top.name) throw malformed('xml closing tag does not match');
      stack.pop();
      i = end;
    } else {
      const end = tagEnd(source, i);
      const selfClosing = source[end - 2] === '/';
      const element = parseTag(source.slice(i + 1, selfClosing ? end - 2 : end - 1));
      top.children.push(element);
      if (!selfClosing) {
        if (stack.length > MAX_DEPTH) throw malformed('xml too deep');
        stack.push(element);
      }
      i = end;
    }
  }
  if (stack.length !== 1 || root.children.length !== 1) throw malformed('xml document is not one element');
  return root.children[0]!;
}

function after(source: string, token: string, from: number): number {
  const at = source.indexOf(token, from);
  if (at < 0) throw malformed('xml ends inside markup');
  return at + token.length;
}

/** Index after the tag's closing ">", skipping ">" inside quoted attribute values. */
function tagEnd(source: string, from: number): number {
  let quote = '';
  for (let i = from + 1; i < source.length; i++) {
    const c = source[i]!;
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === '"' || c === "'") {
      quote = c;
    } else if (c === '>') {
      return i + 1;
    }
  }
  throw malformed('xml ends inside a tag');
}

const NAME = /^[A-Za-z_:][\w:.-]*/;
const ATTRIBUTE = /^\s+([A-Za-z_:][\w:.-]*)\s*=\s*("([^"]*)"|'([^']*)')/;

function parseTag(body: string): XmlElement {
  const name = NAME.exec(body)?.[0];
  if (!name) throw malformed('xml tag without a name');
  const attributes: Record<string, string> = {};
  let rest = body.slice(name.length);
  for (let match = ATTRIBUTE.exec(rest); match; match = ATTRIBUTE.exec(rest)) {
    attributes[match[1]!] = decodeReferences(match[3] ?? match[4] ?? '');
    rest = rest.slice(match[0].length);
  }
  if (rest.trim() !== '') throw malformed('xml attribute syntax');
  return { name, attributes, children: [], text: '' };
}

function decodeReferences(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&([^;&\s]{1,10});/g, (_, ref: string) => {
    if (ref.startsWith('#')) {
      const code = ref[1] === 'x' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      if (!Number.isInteger(code) || code < 0 || code > 0x10ffff) throw malformed('xml character reference');
      return String.fromCodePoint(code);
    }
    const value = PREDEFINED[ref];
    if (value === undefined) throw malformed('xml entity reference');
    return value;
  });
}
