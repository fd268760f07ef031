/**
 * The client message files the server has named in this process, by their path: a page's HTML is
 * rendered on the server with the messages the browser will fetch from that path
 * (components/platform/area-messages.tsx). Server components register (client-catalogue.ts) and
 * the server render of client components reads, two module graphs of one process: hence a
 * process-wide map. A few entries per locale and area, each fixed by the build.
 */
const KEY = Symbol.for('argus.client-catalogues');

type Registry = Map<string, Record<string, unknown>>;

const registry = (): Registry => ((globalThis as { [KEY]?: Registry })[KEY] ??= new Map());

export function registerCatalogue(src: string, messages: Record<string, unknown>): void {
  registry().set(src, messages);
}

export function registeredCatalogue(src: string): Record<string, unknown> | undefined {
  return registry().get(src);
}
