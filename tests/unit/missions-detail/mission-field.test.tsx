import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import en from '@/messages/en.json';
import userEvent from '@testing-library/user-event';
import { kindsOf } from '@/components/missions/detail/field-kinds';
import { MissionProvider } from '@/components/missions/detail/mission-context';
import { MissionField } from '@/components/missions/detail/mission-field';
import type { UpdatableMissionField } from '@/lib/shared/schemas/mission-update';
import { fieldIssues } from '@/lib/server/api/error-text';
import { jsonFetch } from '@/tests/support/fetch-mock';
import { renderWithIntl } from '@/tests/support/render-with-intl';
import { envelope, fullMission } from './fixtures';

const refresh = jest.fn();
jest.mock('next/navigation', () => ({ useRouter: () => ({ refresh, push: jest.fn() }) }));
const notify = jest.fn();
jest.mock('@/components/platform/notifications', () => ({ useNotify: () => notify }));

function renderField(field: string, editable: UpdatableMissionField[] = [field as UpdatableMissionField], mission = fullMission()) {
  return renderWithIntl(
    <MissionProvider mission={mission} editable={editable} kinds={kindsOf(editable)}>
      <dl>
        <MissionField field={field} />
      </dl>
    </MissionProvider>,
  );
}

beforeEach(() => {
  refresh.mockReset();
  notify.mockReset();
});
afterEach(() => {
  delete (global as { fetch?: unknown }).fetch;
});

describe('MissionField', () => {
  it('shows the value with an edit button only for fields the user may edit', () => {
    renderField('description', []);
    expect(screen.getByText('Scan the town hall.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Description' })).toBeNull();
  });

  it('shows the texts of the catalogue it renders with, though the same texts of another catalogue were shown before', () => {
    const withLabel = (label: string) => ({ ...en, missions: { ...en.missions, fields: { ...en.missions.fields, description: label } } });
    const renderWith = (messages: typeof en) =>
      render(
        <NextIntlClientProvider locale="en" messages={messages} timeZone="Europe/Berlin">
          <MissionProvider mission={fullMission()} editable={['description']} kinds={kindsOf(['description'])}>
            <dl>
              <MissionField field="description" />
            </dl>
          </MissionProvider>
        </NextIntlClientProvider>,
      );
    const first = renderWith(withLabel('Beschreibung A'));
    expect(screen.getByText('Beschreibung A')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit Beschreibung A' })).toBeInTheDocument();
    first.unmount();
    renderWith(withLabel('Beschreibung B'));
    expect(screen.getByText('Beschreibung B')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit Beschreibung B' })).toBeInTheDocument();
  });

  it('shows an unset date as not set and a set one in the long format', () => {
    renderWithIntl(
      <MissionProvider mission={fullMission()} editable={[]} kinds={{}}>
        <dl>
          <MissionField field="deliveryDate" />
          <MissionField field="pclDeliveryDate" />
        </dl>
      </MissionProvider>,
    );
    expect(screen.getByText('not set')).toBeInTheDocument();
    expect(screen.getByText('May 20, 2026')).toBeInTheDocument();
  });

  it('shows a rule violation under the field and sends nothing (description over its byte limit)', async () => {
    const fetch = jsonFetch(200, fullMission());
    global.fetch = fetch;
    const user = userEvent.setup();
    renderField('description');
    await user.click(screen.getByRole('button', { name: 'Edit Description' }));
    // 'ä' is 2 bytes: 2501 of them are 5002 bytes, over the 5000-byte limit.
    fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'ä'.repeat(2501) } });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('This field should be at most 5000 bytes long')).toBeInTheDocument();
    expect(screen.getByLabelText('Description')).toHaveAttribute('aria-invalid', 'true');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('validates 600 ms after typing stops', async () => {
    jest.useFakeTimers();
    try {
      renderField('blurringInstructions');
      fireEvent.click(screen.getByRole('button', { name: 'Edit Blurring instructions' }));
      fireEvent.change(screen.getByLabelText('Blurring instructions'), { target: { value: '   ' } });
      act(() => jest.advanceTimersByTime(599));
      expect(screen.queryByText('Value is required')).toBeNull();
      act(() => jest.advanceTimersByTime(1));
      expect(screen.getByText('Value is required')).toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });

  it('refuses an external delivery date that is not after the pointcloud date', async () => {
    global.fetch = jsonFetch(200, fullMission());
    const user = userEvent.setup();
    renderField('externalDeliveryDate');
    await user.click(screen.getByRole('button', { name: 'Edit External delivery date' }));
    fireEvent.change(screen.getByLabelText('External delivery date'), { target: { value: '2026-05-20' } });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('The external delivery date must be after the pointcloud and CAD delivery dates')).toBeInTheDocument();
    expect(global.fetch).not.toHaveBeenCalled();
  });

  it('previews the delivery date auto-fill when the pointcloud date changes', async () => {
    const user = userEvent.setup();
    renderField('pclDeliveryDate');
    await user.click(screen.getByRole('button', { name: 'Edit Pointcloud delivery date' }));
    // Friday 22 May 2026 + 3 working days, skipping Whit Monday (25 May) → Thursday 28 May.
    fireEvent.change(screen.getByLabelText('Pointcloud delivery date'), { target: { value: '2026-05-22' } });
    expect(screen.getByText(/The delivery date will be set to May 28, 2026/)).toBeInTheDocument();
  });

  it('PATCHes the value with the version and shows the saved mission', async () => {
    const saved = fullMission({ description: 'New text', version: 5 });
    const fetch = jsonFetch(200, saved);
    global.fetch = fetch;
    const user = userEvent.setup();
    renderField('description');
    await user.click(screen.getByRole('button', { name: 'Edit Description' }));
    await user.clear(screen.getByLabelText('Description'));
    await user.type(screen.getByLabelText('Description'), 'New text');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('New text');
    expect(fetch).toHaveBeenCalledWith('/api/v2/missions/12', expect.objectContaining({ method: 'PATCH', body: JSON.stringify({ version: 4, description: 'New text' }) }));
    expect(notify).toHaveBeenCalledWith({ type: 'success', text: 'Mission saved.' });
    expect(refresh).toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });

  it('on 409 explains the conflict, keeps the typed text and offers a reload', async () => {
    global.fetch = jsonFetch(409, envelope('version_conflict', 'mission was changed by someone else; reload and try again'));
    const user = userEvent.setup();
    renderField('description');
    await user.click(screen.getByRole('button', { name: 'Edit Description' }));
    await user.clear(screen.getByLabelText('Description'));
    await user.type(screen.getByLabelText('Description'), 'My careful words');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Someone else changed this mission in the meantime');
    expect(screen.getByLabelText('Description')).toHaveValue('My careful words');
    expect(notify).toHaveBeenCalledWith({ type: 'error', text: 'Failed to save mission' });
    await user.click(screen.getByRole('button', { name: 'Reload mission' }));
    expect(refresh).toHaveBeenCalled();
    expect(screen.getByLabelText('Description')).toHaveValue('My careful words');
  });

  it("shows the server's field message under the field and keeps the input on a refused value", async () => {
    global.fetch = jsonFetch(400, envelope('validation', 'invalid input', { fields: { name: ['validation.missionName.pattern'] } }));
    const user = userEvent.setup();
    renderField('name');
    await user.click(screen.getByRole('button', { name: 'Edit Name' }));
    await user.clear(screen.getByLabelText('Name'));
    await user.type(screen.getByLabelText('Name'), 'Rathaus Süd');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Only lowercase letters and underscores are allowed')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('Rathaus Süd');
    expect(notify).toHaveBeenCalledWith({ type: 'error', text: 'Invalid mission data. Please check your inputs and try again.' });
  });

  it("shows a domain rule's field error in German: the key survives the envelope mapping and is translated", async () => {
    // The server's mapping of domain field errors (lib/server/api/error-text.ts), as the envelope carries them.
    const fields = fieldIssues({ companyId: ['errors.missions.companyNotFound'] });
    expect(fields).toEqual({ companyId: [{ key: 'errors.missions.companyNotFound', message: 'company not found' }] });
    global.fetch = jsonFetch(400, envelope('validation', 'invalid input', { fields }));
    const user = userEvent.setup();
    renderWithIntl(
      <MissionProvider mission={fullMission()} editable={['name']} kinds={kindsOf(['name'])}>
        <dl>
          <MissionField field="name" />
        </dl>
      </MissionProvider>,
      { locale: 'de' },
    );
    await user.click(screen.getByRole('button', { name: 'Name bearbeiten' }));
    await user.clear(screen.getByLabelText('Name'));
    await user.type(screen.getByLabelText('Name'), 'Rathaus Süd');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Firma: Firma nicht gefunden')).toBeInTheDocument();
    expect(screen.queryByText(/errors\.missions|company not found/)).toBeNull();
  });

  it('keeps the input and says so when the save fails for another reason', async () => {
    global.fetch = jsonFetch(500, envelope('internal', 'boom'));
    const user = userEvent.setup();
    renderField('scanOperatorNotes', ['scanOperatorNotes']);
    await user.click(screen.getByRole('button', { name: 'Edit Scan operator notes' }));
    await user.type(screen.getByLabelText('Scan operator notes'), 'Key at the porter');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith({ type: 'error', text: 'Failed to save mission' }));
    expect(screen.getByLabelText('Scan operator notes')).toHaveValue('Key at the porter');
  });

  it('renders nothing for a field the external view lacks', () => {
    const { id, name, companyId, customerId, tagIds, status, step, address, latitude, longitude, products, additionalProducts, scanAppointment, createdAt, updatedAt, deliveryDate, externalDeliveryDate, externalMissionStatus, externalOrderReference, description, blurringInstructions, closed, version, buildings, company, customer, tags } = fullMission();
    const external = { view: 'external' as const, id, name, companyId, customerId, tagIds, status, step, address, latitude, longitude, products, additionalProducts, scanAppointment, createdAt, updatedAt, deliveryDate, externalDeliveryDate, externalMissionStatus, externalOrderReference, description, blurringInstructions, closed, version, buildings, company, customer, tags };
    renderWithIntl(
      <MissionProvider mission={external} editable={[]} kinds={{}}>
        <dl>
          <MissionField field="scanOperatorNotes" />
          <MissionField field="internalReference" />
          <MissionField field="name" />
        </dl>
      </MissionProvider>,
    );
    expect(screen.queryByText('Scan operator notes')).toBeNull();
    expect(screen.queryByText('Internal reference')).toBeNull();
    expect(screen.getByText('Rathaus Mitte')).toBeInTheDocument();
  });
});
