import { screen } from '@testing-library/react';
import { AuditTrail } from '@/components/missions/detail/audit-trail';
import type { AuditEventDto } from '@/lib/shared/schemas/audit';
import { renderWithIntl } from '@/tests/support/render-with-intl';

const event = (over: Partial<AuditEventDto>): AuditEventDto => ({
  id: 1,
  at: '2026-03-05T09:30:00.000Z',
  actorId: null,
  actorName: null,
  entity: 'mission',
  entityId: '12',
  action: 'create',
  diff: {},
  ...over,
});

const page = {
  items: [
    event({ id: 3, entity: 'mission_backup', entityId: '9f1c', action: 'delete', diff: { reason: 'retention' } }),
    event({ id: 2, entity: 'building', entityId: '41', action: 'delete' }),
    event({ id: 1 }),
  ],
  nextCursor: null,
  names: { users: {}, companies: {}, customers: {}, datasets: {}, uploads: {} },
};

const OWNER = '11111111-2222-4333-8444-555555555555';
const ERIKA = '66666666-7777-4888-9999-000000000000';
const readable = {
  items: [
    event({ id: 9, actorId: ERIKA, actorName: 'erika@example.com', action: 'share', diff: { sharedWith: 7 } }),
    event({ id: 8, action: 'unshare', diff: { sharedWith: 7, sharedBy: ERIKA, sharedAt: '2026-03-04T13:05:00.000Z' } }),
    event({
      id: 7,
      actorId: ERIKA,
      action: 'update',
      diff: {
        status: ['created', 'in_progress'],
        step: ['order_confirm', 'scan'],
        ownerId: [null, OWNER],
        companyId: [3, 4],
        products: [['pointcloud'], ['pointcloud', 'cad']],
        scanAppointment: [null, '2026-03-10T13:30:00.000Z'],
        deliveryDate: ['2026-04-01', '2026-04-02'],
        ready: [false, true],
      },
    }),
    event({ id: 6, entity: 'dataset', entityId: '41', action: 'check', diff: { status: ['imported', 'checked'] } }),
    event({ id: 5, entity: 'dataset', entityId: '41', action: 'processed', diff: { pointCount: 125000 } }),
    event({ id: 4, entity: 'upload', entityId: 'up-1', action: 'finish', diff: { storageKey: 'missions/12/raw/x', sha256: 'abc' } }),
    event({ id: 3, action: 'pointcloud', diff: { conversionId: 5, pointCount: 2500000 } }),
  ],
  nextCursor: null,
  names: {
    users: { [OWNER]: 'Olaf Owner', [ERIKA]: 'Erika Muster' },
    companies: { '3': 'Hausverwaltung Nord GmbH', '4': 'Rheinland Immobilien KG' },
    customers: { '7': 'Spree Wohnbau' },
    datasets: { '41': 'DS-2026-0041' },
    uploads: { 'up-1': 'scan-nord.laz' },
  },
};

describe('AuditTrail', () => {
  it('names what an entry is about in the reader’s language', () => {
    renderWithIntl(<AuditTrail missionId={12} page={page} />);
    expect(screen.getByText('Deleted (backup 9f1c)')).toBeInTheDocument();
    expect(screen.getByText('Deleted (building 41)')).toBeInTheDocument();
    expect(screen.getByText('Created')).toBeInTheDocument();
  });

  it('in German', () => {
    renderWithIntl(<AuditTrail missionId={12} page={page} />, { locale: 'de' });
    expect(screen.getByText('Gelöscht (Sicherung 9f1c)')).toBeInTheDocument();
    expect(screen.getByText('Gelöscht (Gebäude 41)')).toBeInTheDocument();
  });

  // Issue 20: the history showed raw enum values, UUIDs and ISO timestamps, and shares without whom.
  it('translates actions and values, names people, companies and scans, and dates per spec §9', () => {
    renderWithIntl(<AuditTrail missionId={12} page={readable} />);
    expect(screen.getByText('Shared with Spree Wohnbau')).toBeInTheDocument();
    expect(screen.getByText('Share with Spree Wohnbau revoked')).toBeInTheDocument();
    expect(screen.getByText('Shared by Erika Muster on March 4, 2026 at 14:05')).toBeInTheDocument();
    expect(screen.getAllByText('Erika Muster')).toHaveLength(2);
    expect(screen.getByText('Status: Created → In progress')).toBeInTheDocument();
    expect(screen.getByText('Mission owner: not set → Olaf Owner')).toBeInTheDocument();
    expect(screen.getByText('Company: Hausverwaltung Nord GmbH → Rheinland Immobilien KG')).toBeInTheDocument();
    expect(screen.getByText('Scan appointment: not set → March 10, 2026 at 14:30')).toBeInTheDocument();
    expect(screen.getByText('Delivery date: April 1, 2026 → April 2, 2026')).toBeInTheDocument();
    expect(screen.getByText('Ready: No → Yes')).toBeInTheDocument();
    expect(screen.getByText('Checked (scan DS-2026-0041)')).toBeInTheDocument();
    expect(screen.getByText('Status: Imported → Checked')).toBeInTheDocument();
    expect(screen.getByText('Converted (scan DS-2026-0041)')).toBeInTheDocument();
    expect(screen.getByText('Finished (upload scan-nord.laz)')).toBeInTheDocument();
    expect(screen.getByText('Online point cloud built')).toBeInTheDocument();
    expect(screen.getByText('2,500,000 points')).toBeInTheDocument();
    const text = screen.getByTestId('audit-trail').textContent ?? '';
    expect(text).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
    expect(text).not.toMatch(/in_progress|order_confirm|storageKey|sha256/);
  });

  it('reads the same in German', () => {
    renderWithIntl(<AuditTrail missionId={12} page={readable} />, { locale: 'de' });
    expect(screen.getByText('Geteilt mit Spree Wohnbau')).toBeInTheDocument();
    expect(screen.getByText('Status: Erstellt → In Bearbeitung')).toBeInTheDocument();
    expect(screen.getByText('Scantermin: nicht gesetzt → 10. März 2026 um 14:30')).toBeInTheDocument();
    expect(screen.getByText('Geprüft (Scan DS-2026-0041)')).toBeInTheDocument();
  });
});
