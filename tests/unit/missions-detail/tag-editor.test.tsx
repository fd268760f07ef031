import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import { TagEditor, type TagChip } from '@/components/missions/detail/tag-editor';
import { renderWithIntl } from '@/tests/support/render-with-intl';

const refresh = jest.fn();
jest.mock('next/navigation', () => ({ useRouter: () => ({ refresh, push: jest.fn() }) }));
const notify = jest.fn();
jest.mock('@/components/platform/notifications', () => ({ useNotify: () => notify }));

const urgent: TagChip = { id: 1, name: 'Urgent', color: '#d00000' };
const vocabulary = [
  { id: 1, name: 'Urgent', color: '#d00000', version: 1 },
  { id: 2, name: 'Roof', color: null, version: 1 },
  { id: 3, name: 'Basement', color: null, version: 1 },
];

type Answer = { status: number; body: unknown };
/** Routes fetches by method and path (tag searches filter the vocabulary like the server); records every call. */
function api(routes: Record<string, Answer>) {
  const fetch = jest.fn(async (url: string, init?: RequestInit) => {
    const [path, search] = url.split('?');
    const method = init?.method ?? 'GET';
    let answer = routes[`${method} ${path}`];
    if (!answer && method === 'GET' && path === '/api/v2/tags') {
      const q = (new URLSearchParams(search).get('q') ?? '').toLowerCase();
      answer = { status: 200, body: { items: vocabulary.filter((tag) => tag.name.toLowerCase().includes(q)) } };
    }
    answer ??= { status: 404, body: { error: { code: 'not_found', message: 'nope' } } };
    return { ok: answer.status < 300, status: answer.status, statusText: '', json: async () => answer.body };
  });
  global.fetch = fetch as unknown as typeof global.fetch;
  return fetch;
}

function renderEditor(tags: TagChip[] = [urgent]) {
  renderWithIntl(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <TagEditor missionId={12} tags={tags} />
    </SWRConfig>,
  );
}

const chips = () => screen.queryAllByRole('listitem').map((li) => li.textContent?.replace('×', ''));
const addTag = () => screen.getByRole('combobox', { name: 'Add tag' });

beforeEach(() => {
  refresh.mockReset();
  notify.mockReset();
});
afterEach(() => {
  delete (global as { fetch?: unknown }).fetch;
});

describe('TagEditor', () => {
  it('adds an existing tag found by search, leaving out the tags the mission carries', async () => {
    const fetch = api({ 'POST /api/v2/missions/12/tags': { status: 200, body: { tagIds: [1, 2] } } });
    const user = userEvent.setup();
    renderEditor();
    await user.click(addTag());
    const listbox = screen.getByRole('listbox', { name: 'Add tag' });
    expect(await within(listbox).findByRole('option', { name: 'Roof' })).toBeInTheDocument();
    expect(within(listbox).queryByRole('option', { name: 'Urgent' })).not.toBeInTheDocument();
    await user.type(addTag(), 'ro');
    await waitFor(() => expect(within(listbox).getAllByRole('option').map((o) => o.textContent)).toEqual(['Roof', "Create tag 'ro'"]));
    await user.click(within(listbox).getByRole('option', { name: 'Roof' }));

    await waitFor(() => expect(fetch).toHaveBeenCalledWith('/api/v2/missions/12/tags', expect.objectContaining({ method: 'POST', body: JSON.stringify({ tagId: 2 }) })));
    await waitFor(() => expect(chips()).toEqual(['Roof', 'Urgent']));
    expect(screen.getByRole('button', { name: 'Remove tag Roof' })).toBeInTheDocument();
    expect(notify).toHaveBeenCalledWith({ type: 'success', text: 'Tag Roof added.' });
    expect(refresh).toHaveBeenCalled();
    expect(fetch).not.toHaveBeenCalledWith('/api/v2/tags', expect.objectContaining({ method: 'POST' }));
  });

  it("offers 'Create tag' only when no tag has the typed name, and creates then attaches it with the keyboard", async () => {
    const fetch = api({
      'POST /api/v2/tags': { status: 201, body: { id: 9, name: 'Facade', color: null, version: 1 } },
      'POST /api/v2/missions/12/tags': { status: 200, body: { tagIds: [1, 9] } },
    });
    const user = userEvent.setup();
    renderEditor();
    await user.type(addTag(), 'roof');
    const listbox = screen.getByRole('listbox');
    await waitFor(() => expect(within(listbox).getAllByRole('option').map((o) => o.textContent)).toEqual(['Roof']));
    await user.clear(addTag());
    await user.type(addTag(), 'Facade');
    const create = await within(listbox).findByRole('option', { name: "Create tag 'Facade'" });
    expect(create).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Enter}');

    await waitFor(() => expect(chips()).toEqual(['Facade', 'Urgent']));
    const posts = fetch.mock.calls.filter(([, init]) => init?.method === 'POST').map(([url, init]) => [url, init?.body]);
    expect(posts).toEqual([
      ['/api/v2/tags', JSON.stringify({ name: 'Facade' })],
      ['/api/v2/missions/12/tags', JSON.stringify({ tagId: 9 })],
    ]);
    expect(addTag()).toHaveValue('');
    expect(refresh).toHaveBeenCalled();
  });

  it('removes a tag with its × button', async () => {
    const fetch = api({ 'DELETE /api/v2/missions/12/tags/1': { status: 200, body: { tagIds: [2] } } });
    const user = userEvent.setup();
    renderEditor([{ id: 2, name: 'Roof', color: null }, urgent]);
    await user.click(screen.getByRole('button', { name: 'Remove tag Urgent' }));

    await waitFor(() => expect(chips()).toEqual(['Roof']));
    expect(fetch).toHaveBeenCalledWith('/api/v2/missions/12/tags/1', expect.objectContaining({ method: 'DELETE' }));
    expect(notify).toHaveBeenCalledWith({ type: 'success', text: 'Tag Urgent removed.' });
    expect(refresh).toHaveBeenCalled();
  });

  it('keeps the chips as they were and notifies when removing fails', async () => {
    api({ 'DELETE /api/v2/missions/12/tags/1': { status: 403, body: { error: { code: 'not_authorized', message: 'no' } } } });
    const user = userEvent.setup();
    renderEditor();
    await user.click(screen.getByRole('button', { name: 'Remove tag Urgent' }));

    await waitFor(() => expect(notify).toHaveBeenCalledWith({ type: 'error', text: 'Failed to remove the tag Urgent' }));
    expect(chips()).toEqual(['Urgent']);
    expect(refresh).not.toHaveBeenCalled();
  });

  it('keeps the chips as they were and notifies when adding fails', async () => {
    api({ 'POST /api/v2/missions/12/tags': { status: 500, body: { error: { code: 'internal', message: 'x' } } } });
    const user = userEvent.setup();
    renderEditor();
    await user.click(addTag());
    await user.click(await screen.findByRole('option', { name: 'Basement' }));

    await waitFor(() => expect(notify).toHaveBeenCalledWith({ type: 'error', text: 'Failed to add the tag Basement' }));
    expect(chips()).toEqual(['Urgent']);
    expect(refresh).not.toHaveBeenCalled();
  });

  it('says the name is taken when creating a tag conflicts, without attaching anything', async () => {
    const fetch = api({ 'POST /api/v2/tags': { status: 409, body: { error: { code: 'conflict', message: 'a tag with this name exists' } } } });
    const user = userEvent.setup();
    renderEditor();
    await user.type(addTag(), 'Facade');
    await user.click(await screen.findByRole('option', { name: "Create tag 'Facade'" }));

    await waitFor(() => expect(notify).toHaveBeenCalledWith({ type: 'error', text: 'A tag named Facade already exists.' }));
    expect(chips()).toEqual(['Urgent']);
    expect(fetch).not.toHaveBeenCalledWith('/api/v2/missions/12/tags', expect.anything());
  });
});
