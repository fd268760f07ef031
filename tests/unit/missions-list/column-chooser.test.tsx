import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ColumnChooser } from '@/components/missions/list/column-chooser';
import { MISSION_TABLE_COLUMNS, type TablePresetDto } from '@/lib/shared/schemas/table-preset';
import { jsonFetch } from '@/tests/support/fetch-mock';
import { renderWithIntl } from '@/tests/support/render-with-intl';

const notify = jest.fn();
jest.mock('@/components/platform/notifications', () => ({ useNotify: () => notify }));

const preset = (id: number, name: string, columns: TablePresetDto['columns']): TablePresetDto => ({ id, name, columns, createdAt: '2026-01-01T00:00:00.000Z', version: 1 });

afterEach(() => {
  notify.mockReset();
  delete (global as { fetch?: unknown }).fetch;
});

const group = () => screen.getByRole('group', { name: 'Columns' });

describe('ColumnChooser', () => {
  it('adds and removes columns', () => {
    const onChange = jest.fn();
    renderWithIntl(<ColumnChooser allColumns={MISSION_TABLE_COLUMNS} columns={['id', 'name']} onChange={onChange} presets={[]} />);
    expect(within(group()).getByRole('checkbox', { name: 'Name' })).toBeChecked();
    fireEvent.click(within(group()).getByRole('checkbox', { name: 'Step' }));
    expect(onChange).toHaveBeenLastCalledWith(['id', 'name', 'step']);
    fireEvent.click(within(group()).getByRole('checkbox', { name: 'ID' }));
    expect(onChange).toHaveBeenLastCalledWith(['name']);
  });

  it('keeps at least one column', () => {
    const onChange = jest.fn();
    renderWithIntl(<ColumnChooser allColumns={MISSION_TABLE_COLUMNS} columns={['name']} onChange={onChange} presets={[]} />);
    fireEvent.click(within(group()).getByRole('checkbox', { name: 'Name' }));
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent('Choose at least one column.');
  });

  it('applies a saved preset', () => {
    const onChange = jest.fn();
    renderWithIntl(<ColumnChooser allColumns={MISSION_TABLE_COLUMNS} columns={['id']} onChange={onChange} presets={[preset(4, 'Planung', ['name', 'scanAppointment', 'step'])]} />);
    fireEvent.change(screen.getByRole('combobox', { name: 'Table presets' }), { target: { value: '4' } });
    expect(onChange).toHaveBeenCalledWith(['name', 'scanAppointment', 'step']);
  });

  it('saves the current columns as a named preset and offers it at once', async () => {
    const fetch = jsonFetch(201, preset(9, 'Meine Sicht', ['id', 'step']));
    (global as { fetch?: unknown }).fetch = fetch;
    renderWithIntl(<ColumnChooser allColumns={MISSION_TABLE_COLUMNS} columns={['id', 'step']} onChange={jest.fn()} presets={[]} />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Preset name' }), { target: { value: ' Meine Sicht ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save as preset' }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith({ type: 'success', text: 'Preset Meine Sicht saved.' }));
    expect(JSON.parse(fetch.mock.calls[0][1].body)).toEqual({ name: 'Meine Sicht', columns: ['id', 'step'] });
    expect(screen.getByRole('combobox', { name: 'Table presets' })).toHaveValue('9');
  });

  it('says so when a preset of that name exists', async () => {
    (global as { fetch?: unknown }).fetch = jsonFetch(409, { error: { code: 'conflict', message: 'exists' } });
    renderWithIntl(<ColumnChooser allColumns={MISSION_TABLE_COLUMNS} columns={['id']} onChange={jest.fn()} presets={[]} />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Preset name' }), { target: { value: 'Planung' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save as preset' }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith({ type: 'error', text: 'A preset named Planung exists already.' }));
  });

  it('tells when the presets could not be loaded', () => {
    renderWithIntl(<ColumnChooser allColumns={MISSION_TABLE_COLUMNS} columns={['id']} onChange={jest.fn()} presets={null} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to load the table presets.');
  });
});
