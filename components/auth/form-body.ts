/**
 * The JSON body of a browser form submit, as the identity service's JSON API takes it: dotted
 * names (`traits.name.first`) become nested objects, the clicked submit button's name and value
 * are included (e.g. `method=password`, `provider=microsoft`, the resend `email`), and a later
 * entry of the same name wins (a hidden `method` and a `method` button carry the same value).
 */
export function formBody(form: HTMLFormElement, submitter?: HTMLElement | null): Record<string, unknown> {
  const entries: [string, string][] = [];
  new FormData(form).forEach((value, name) => {
    if (typeof value === 'string') entries.push([name, value]);
  });
  if (submitter instanceof HTMLButtonElement || submitter instanceof HTMLInputElement) {
    if (submitter.name) entries.push([submitter.name, submitter.value]);
  }
  const body: Record<string, unknown> = {};
  for (const [name, value] of entries) setDotted(body, name, value);
  return body;
}

function setDotted(target: Record<string, unknown>, dotted: string, value: string): void {
  const parts = dotted.split('.');
  let node = target;
  for (const part of parts.slice(0, -1)) {
    const next = node[part];
    node = (node[part] = next && typeof next === 'object' ? next : {}) as Record<string, unknown>;
  }
  node[parts[parts.length - 1]!] = value;
}

/** Posts a flow as JSON to its action (our own origin); null when no answer came at all. */
export async function postFlow(action: string, body: Record<string, unknown>): Promise<{ status: number; body: unknown } | null> {
  let response: Response;
  try {
    response = await fetch(action, {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
    });
  } catch {
    return null;
  }
  let parsed: unknown = null;
  try {
    parsed = await response.json();
  } catch {
    parsed = null;
  }
  return { status: response.status, body: parsed };
}
