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
});
