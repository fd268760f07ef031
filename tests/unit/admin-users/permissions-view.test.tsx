import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import { PermissionsView } from '@/components/admin/permissions/permissions-view';
import type { RoleList } from '@/lib/shared/schemas/role';
import { PERMISSION_FLAGS } from '@/lib/shared/auth/permission-table';
import { renderWithIntl } from '@/tests/support/render-with-intl';
import { routeFetch } from './api';

const notify = jest.fn();
jest.mock('@/components/platform/notifications', () => ({ useNotify: () => notify }));

const roles: RoleList = {
  flags: [...PERMISSION_FLAGS],
  ownLevel: 50,
  items: [
    { name: 'admin', builtIn: true, locked: true, userLevel: 100, permissions: [...PERMISSION_FLAGS], version: 0, manageable: false },
    { name: 'customer', builtIn: true, locked: false, userLevel: 20, permissions: ['allow.exportData', 'UI.menu.missionList', 'UI.menu.planner'], version: 3, manageable: true },
    { name: 'site-lead', builtIn: false, locked: false, userLevel: 30, permissions: [], version: 1, manageable: true },
  ],
};

const view = () =>
  renderWithIntl(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false }}>
      <PermissionsView />
    </SWRConfig>,
  );

beforeEach(() => notify.mockReset());

describe('permissions screen', () => {
  it('shows one checkbox per role and flag; the admin role and roles above the own level are read-only', async () => {
    routeFetch({ 'GET /api/v2/roles': { status: 200, body: roles } });
    view();
    expect(await screen.findByLabelText('customer: UI.menu.planner')).toBeChecked();
    expect(screen.getByLabelText('customer: UI.menu.storage')).not.toBeChecked();
    expect(screen.getByLabelText('admin: UI.misc.permissions')).toBeDisabled();
    expect(screen.getByLabelText('customer: UI.menu.planner')).toBeEnabled();
    expect(screen.getAllByRole('checkbox')).toHaveLength(PERMISSION_FLAGS.length * 3);
    expect(screen.getByText('Menu: Mission planner')).toBeInTheDocument();
    expect(screen.getByText('Your user level: 50', { exact: false })).toBeInTheDocument();
    // Only custom roles can be deleted.
    expect(screen.getAllByRole('button', { name: 'Delete' })).toHaveLength(1);
  });

  it('saves a role when a box is ticked, with the version it showed', async () => {
    const fetch = routeFetch({ 'GET /api/v2/roles': { status: 200, body: roles }, 'PATCH /api/v2/roles/customer': { status: 200, body: roles.items[1] } });
    view();
    await userEvent.click(await screen.findByLabelText('customer: UI.menu.planner'));
    await waitFor(() => expect(notify).toHaveBeenCalledWith({ type: 'success', text: 'Role customer saved.' }));
    const patch = fetch.mock.calls.find(([, init]) => init?.method === 'PATCH')!;
    expect(JSON.parse(String(patch[1]!.body))).toEqual({ permissions: ['allow.exportData', 'UI.menu.missionList'], version: 3 });
  });

  it('says so when a role was changed by someone else meanwhile', async () => {
    routeFetch({ 'GET /api/v2/roles': { status: 200, body: roles }, 'PATCH /api/v2/roles/customer': { status: 409, body: { error: { code: 'version_conflict', message: 'stale' } } } });
    view();
    await userEvent.click(await screen.findByLabelText('customer: UI.menu.storage'));
    await waitFor(() => expect(notify).toHaveBeenCalledWith({ type: 'error', text: 'Role customer was changed by someone else; the current state has been loaded.' }));
  });

  it('tells why a role cannot be deleted while users hold it', async () => {
    routeFetch({
      'GET /api/v2/roles': { status: 200, body: roles },
      'DELETE /api/v2/roles/site-lead': { status: 409, body: { error: { code: 'conflict', message: 'assigned', details: { reason: 'assigned', users: 2 } } } },
    });
    view();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await userEvent.click(screen.getAllByRole('button', { name: 'Delete' }).at(-1)!);
    await waitFor(() => expect(notify).toHaveBeenCalledWith({ type: 'error', text: 'Role site-lead is still assigned to 2 users; change their roles first.' }));
  });

  it('creates a role with a user level no higher than the own level', async () => {
    const fetch = routeFetch({ 'GET /api/v2/roles': { status: 200, body: roles }, 'POST /api/v2/roles': { status: 201, body: { ...roles.items[2], name: 'planner-only' } } });
    view();
    await userEvent.click(await screen.findByRole('button', { name: 'New role' }));
    await userEvent.type(screen.getByLabelText('Name'), 'planner-only');
    const level = screen.getByLabelText('User level');
    await userEvent.clear(level);
    await userEvent.type(level, '60');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Enter a whole number from 0 to 50.')).toBeInTheDocument();
    await userEvent.clear(level);
    await userEvent.type(level, '15');
    await userEvent.selectOptions(screen.getByLabelText('Start with the permissions of'), 'customer');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith({ type: 'success', text: 'Role planner-only created.' }));
    const post = fetch.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(String(post[1]!.body))).toEqual({ name: 'planner-only', userLevel: 15, permissions: roles.items[1]!.permissions });
  });
});
