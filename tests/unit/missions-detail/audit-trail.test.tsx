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
    event({ id: 4, entity: 'mission_backup', entityId: 'b0c6e2a4-5d1f-4e8a-9c3b-7a2d1e0f9b8c', action: 'delete', diff: { reason: 'archive_missing', fileName: null, finishedAt: '2026-02-01T07:05:00.000Z' } }),
    event({ id: 3, entity: 'mission_backup', entityId: '9f1c5e2a-0b3d-4c6e-8f7a-1d2e3f4a5b6c', action: 'delete', diff: { reason: 'retention', fileName: 'mission-12.tar', finishedAt: '2026-01-10T22:15:00.000Z', retentionDays: 30 } }),
    event({ id: 2, entity: 'building', entityId: '41', action: 'delete' }),
    event({ id: 1 }),
  ],
  nextCursor: null,
  names: { users: {}, companies: {}, customers: {}, datasets: {}, uploads: {}, buildings: {}, images: {}, measurements: {}, renderedSlices: {}, tours: {}, panelizerProjects: {} },
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
    buildings: {},
    images: {},
    measurements: {},
    renderedSlices: {},
    tours: {},
    panelizerProjects: {},
  },
};

describe('AuditTrail', () => {
  it('names what an entry is about in the reader’s language', () => {
    renderWithIntl(<AuditTrail missionId={12} page={page} />);
    // A backup by when it was made (its id is a UUID), with why it went.
    expect(screen.getByText('Deleted (backup of January 10, 2026 at 23:15)')).toBeInTheDocument();
    expect(screen.getByText('Older than the 30 days backups are kept for')).toBeInTheDocument();
    expect(screen.getByText('Deleted (backup of February 1, 2026 at 08:05)')).toBeInTheDocument();
    expect(screen.getByText('Its archive file was missing')).toBeInTheDocument();
    expect(screen.getByText('Deleted (building 41)')).toBeInTheDocument();
    expect(screen.getByText('Created')).toBeInTheDocument();
    expect(screen.getByTestId('audit-trail').textContent).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-|mission-12\.tar/);
  });

  it('in German', () => {
    renderWithIntl(<AuditTrail missionId={12} page={page} />, { locale: 'de' });
    expect(screen.getByText('Gelöscht (Sicherung vom 10. Januar 2026 um 23:15)')).toBeInTheDocument();
    expect(screen.getByText('Älter als die 30 Tage, die Sicherungen aufbewahrt werden')).toBeInTheDocument();
    expect(screen.getByText('Die Archivdatei fehlte')).toBeInTheDocument();
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

  // The tours, the panelizer and the confirmation links wrote entries the trail showed raw:
  // "publish (panelizer_export e71b6ddd-…)", "Created (panelizer_project 8367e0e7-…)".
  const PROJECT = '8367e0e7-d887-4b30-a049-b2b1ca68d984';
  const GONE = 'e71b6ddd-083c-472e-b5b9-945dc744c5e5';
  const laterWork = {
    items: [
      event({ id: 19, action: 'confirm', diff: { step: ['order_confirm', 'scan'], confirmedBy: 'kunde@example.com', via: 'confirmation link' } }),
      event({ id: 18, action: 'request-confirmation', diff: { kind: 'order', recipient: 'kunde@example.com' } }),
      event({ id: 17, entity: 'dataset', entityId: '41', action: 'processorReport', diff: { status: ['uploaded', 'processed'], processor: 'SLAM 1' } }),
      event({ id: 16, entity: 'panelizer_export', entityId: GONE, action: 'publish', diff: { number: 1 } }),
      event({ id: 15, entity: 'panelizer_project', entityId: PROJECT, action: 'saveDocument', diff: { version: 4 } }),
      event({ id: 14, entity: 'panelizer_project', entityId: GONE, action: 'delete', diff: { name: 'Alte Fassade' } }),
      event({ id: 13, entity: 'tour', entityId: '5', action: 'update', diff: { links: { added: [[1, 2]], removed: [] } } }),
      event({ id: 12, entity: 'tour', entityId: '5', action: 'generate', diff: { job: GONE } }),
      event({ id: 11, entity: 'tour_images', entityId: '12', action: 'update', diff: { images: [3, 4] } }),
    ],
    nextCursor: null,
    names: { ...readable.names, tours: { '5': 'Rundgang Bürohaus' }, panelizerProjects: { [PROJECT]: 'Fassade Bürohaus' } },
  };

  const scanWork = {
    items: [
      event({ id: 25, entity: 'mission_image', entityId: '5', action: 'detect', diff: { detector: 'face-api', proposals: 2 } }),
      event({ id: 24, entity: 'mission_image', entityId: '6', action: 'approve', diff: { regionsVersion: 3 } }),
      event({ id: 23, entity: 'building', entityId: '41', action: 'update', diff: { levels: [3, 4] } }),
      event({ id: 22, entity: 'building', entityId: '42', action: 'delete', diff: { name: 'Garage' } }),
      event({ id: 21, entity: 'measurement', entityId: '7', action: 'create', diff: { kind: 'distance', name: 'Traufhöhe Nord', points: 2 } }),
      event({ id: 20, entity: 'rendered_slice', entityId: '3', action: 'delete', diff: { name: 'Schnitt A-A' } }),
    ],
    nextCursor: null,
    names: {
      ...readable.names,
      buildings: { '41': 'Bürohaus' },
      images: { '5': 'hof-panorama.jpg' },
      measurements: { '7': 'Traufhöhe Nord' },
    },
  };

  it('names images by their file, and buildings, 3D viewer items and rendered slices by name, also once they are gone', () => {
    renderWithIntl(<AuditTrail missionId={12} page={scanWork} />);
    expect(screen.getByText('Searched for faces (image hof-panorama.jpg)')).toBeInTheDocument();
    // An image the page has no name for (deleted meanwhile) keeps its number rather than nothing.
    expect(screen.getByText('Approved (image 6)')).toBeInTheDocument();
    expect(screen.getByText('Changed (building Bürohaus)')).toBeInTheDocument();
    expect(screen.getByText('Deleted (building Garage)')).toBeInTheDocument();
    expect(screen.getByText('Created (3D viewer item Traufhöhe Nord)')).toBeInTheDocument();
    expect(screen.getByText('Deleted (rendered slice Schnitt A-A)')).toBeInTheDocument();
  });

  it('names them so in German', () => {
    renderWithIntl(<AuditTrail missionId={12} page={scanWork} />, { locale: 'de' });
    expect(screen.getByText('Nach Gesichtern durchsucht (Bild hof-panorama.jpg)')).toBeInTheDocument();
    expect(screen.getByText('Geändert (Gebäude Bürohaus)')).toBeInTheDocument();
    expect(screen.getByText('Angelegt (3D-Viewer-Eintrag Traufhöhe Nord)')).toBeInTheDocument();
  });

  it('names tours, panelizer projects and exports, and says what a confirmation link did', () => {
    renderWithIntl(<AuditTrail missionId={12} page={laterWork} />);
    expect(screen.getByText('Confirmed')).toBeInTheDocument();
    expect(screen.getByText('Step: Order confirmation → Scan')).toBeInTheDocument();
    expect(screen.getByText('Confirmation requested')).toBeInTheDocument();
    expect(screen.getByText('Reported by a processing system (scan DS-2026-0041)')).toBeInTheDocument();
    expect(screen.getByText('Published (panelizer export #1)')).toBeInTheDocument();
    expect(screen.getByText('Drawing saved (panelizer project Fassade Bürohaus)')).toBeInTheDocument();
    expect(screen.getByText('Deleted (panelizer project Alte Fassade)')).toBeInTheDocument();
    expect(screen.getByText('Changed (tour Rundgang Bürohaus)')).toBeInTheDocument();
    expect(screen.getByText('Generation started (tour Rundgang Bürohaus)')).toBeInTheDocument();
    expect(screen.getByText('Changed (tour images)')).toBeInTheDocument();
    const text = screen.getByTestId('audit-trail').textContent ?? '';
    expect(text).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);
    expect(text).not.toMatch(/panelizer_|saveDocument|processorReport|request-confirmation|links|added/);
  });

  it('names them in German too', () => {
    renderWithIntl(<AuditTrail missionId={12} page={laterWork} />, { locale: 'de' });
    expect(screen.getByText('Bestätigt')).toBeInTheDocument();
    expect(screen.getByText('Veröffentlicht (Panelizer-Export Nr. 1)')).toBeInTheDocument();
    expect(screen.getByText('Zeichnung gespeichert (Panelizer-Projekt Fassade Bürohaus)')).toBeInTheDocument();
    expect(screen.getByText('Erzeugung gestartet (Rundgang Rundgang Bürohaus)')).toBeInTheDocument();
    expect(screen.getByText('Geändert (Rundgangbilder)')).toBeInTheDocument();
  });
});
