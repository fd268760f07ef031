const colours = [36, 35, 33, 32, 34, 91, 96, 95];
const tty = process.stdout.isTTY;
const width = 9;

/** A logger whose lines carry a fixed-width `[name]` prefix, coloured on a terminal. */
export function prefixed(name: string, index = 0): (line: string) => void {
  const tag = `[${name}]`.padEnd(width + 2);
  const prefix = tty ? `\x1b[${colours[index % colours.length]}m${tag}\x1b[0m` : tag;
  return (line: string) => {
    for (const part of line.split('\n')) if (part.trim()) process.stdout.write(`${prefix} ${part}\n`);
  };
}

/** Splits a child's output stream into lines and hands each to `log`. */
export function pipeLines(stream: NodeJS.ReadableStream | null, log: (line: string) => void): void {
  if (!stream) return;
  let buffer = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    buffer += chunk;
    const lines = buffer.split('\n');
    buffer = lines.pop() ?? '';
    for (const line of lines) log(line);
  });
  stream.on('end', () => buffer && log(buffer));
}
