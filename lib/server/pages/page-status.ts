import 'server-only';

/**
 * What the app's own HTTP server (scripts/app-server.mjs) lends a page render: the answer's status.
 * Shared through a global because the server and Next's page bundles are separate module graphs.
 */
interface PageAnswer {
  /** Sets the HTTP status of a document answer; false when none can be set any more. */
  setStatus(status: number): boolean;
}

const KEY = Symbol.for('argus.page-answer');

function currentAnswer(): PageAnswer | undefined {
  const store = (globalThis as { [KEY]?: { getStore(): PageAnswer | undefined } })[KEY];
  return store?.getStore();
}

/**
 * Gives the page answer being rendered this HTTP status. False when the page is not rendered
 * behind our server (a bare `next start`): the caller then lets Next answer the status its way.
 */
export function answerStatus(status: number): boolean {
  return currentAnswer()?.setStatus(status) ?? false;
}
