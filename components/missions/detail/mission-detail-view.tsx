'use client';

import { useTranslations } from 'next-intl';
import { ActionsBar, type ActionCapability } from './actions-bar';
import { AuditTrail } from './audit-trail';
import { BackupSlot } from './backup-slot';
import { BuildingsTable } from './buildings-table';
import { ConfirmationPanel } from './confirmation-panel';
import { DownloadsSection } from './downloads-section';
import type { FieldKind } from './field-kinds';
import type { DatasetType } from '@/lib/shared/schemas/dataset';
import type { UpdatableMissionField } from '@/lib/shared/schemas/mission-update';
import type { MissionPageData, MissionRecords } from '@/lib/shared/schemas/mission-page';
import { MissionProvider } from './mission-context';
import { MissionField as F } from './mission-field';
import { MissionHeading } from './mission-heading';
import { MissionLinks } from './mission-links';
import { PointcloudPanel } from './pointcloud-panel';
import { PrivacyRecordSection } from './privacy-record-section';
import { RenderedSlicesSection } from './rendered-slices-section';
import { ScansSection } from './scans-section';
import { Fields, Section } from './section';
import { SharePanel } from './share-panel';
import { TagsField } from './tags-field';
import { CadUploadPanel } from '@/components/missions/uploads/cad-upload-panel';
import { ScanUploadPanel } from '@/components/missions/uploads/scan-upload-panel';
import { StosimSection, ToursSection } from './lazy-sections';
import styles from './detail.module.css';

const ACTION_CAPABILITIES: readonly ActionCapability[] = ['close', 'hide', 'hold', 'cloudSync'];

/**
 * The mission detail page (spec §2): the sections in the spec's order, every field of spec §3 the
 * user may see, editable in place where mission-access.ts allows, the actions, the shares and the
 * audit trail. Sections fed by later capabilities show what exists and say so when nothing does.
 *
 * One client component with the page's data as its props, not a server tree of the sections: each
 * client component a server component places is an element React writes into the page's payload
 * and reads back for the HTML (forty-five fields, a dozen panels). Rendered as one, the server
 * spent 8–19 % less CPU per page in two A/B runs (docs/performance.md). What needs the schemas (zod)
 * stays on the server and comes as data: the fields' editor kinds and the dataset types.
 */
export function MissionDetailView({
  load,
  kinds,
  datasetTypes,
  records,
  from,
  mayPlan = false,
}: {
  load: MissionPageData;
  /** How each editable field is edited (field-kinds.ts, on the server). */
  kinds: Partial<Record<UpdatableMissionField, FieldKind>>;
  /** The dataset types of spec §3 (lib/shared/schemas/dataset.ts, on the server). */
  datasetTypes: readonly DatasetType[];
  records: MissionRecords;
  from: string | null;
  /** The user has the planner (UI.menu.planner): with 'editBuildings' the page links to it. */
  mayPlan?: boolean;
}) {
  const t = useTranslations('missions.detail');
  const values = useTranslations('missions.fields.values');
  const { mission, capabilities, editable } = load;
  const stosimOrdered = mission.additionalProducts.includes('stosim');
  return (
    <MissionProvider mission={mission} editable={editable} kinds={kinds}>
      <article className={styles.page}>
        <MissionHeading />
        <MissionLinks missionId={mission.id} planner={mayPlan && capabilities.includes('editBuildings')} />
        <ActionsBar
          capabilities={ACTION_CAPABILITIES.filter((c) => capabilities.includes(c))}
          neighbours={records.neighbours}
          from={from}
          pointcloud={records.pointcloud}
          // Backup and restore are for internal users (docs/adr/0006-mission-backup.md), who alone may close a mission.
          backupSlot={capabilities.includes('close') ? <BackupSlot /> : undefined}
        />

        <Section id="general" title={t('sections.general')} overlays>
          <Fields>
            {['id', 'name', 'companyId', 'customerId', 'subCustomerId', 'internalReference', 'customerReference', 'orderConfirmationNumber', 'ownerId', 'assigneeId', 'tags', 'priority', 'createdBy', 'createdAt', 'address', 'latitude', 'longitude'].map((f) =>
              // Tags are edited through their own endpoints, by whoever has the 'tag' capability (mission-access.ts).
              f === 'tags' && capabilities.includes('tag') ? <TagsField key={f} /> : <F key={f} field={f} />,
            )}
          </Fields>
        </Section>

        <Section id="mission" title={t('sections.mission')}>
          <Fields>
            {['status', 'step', 'pipelineStatus', 'ready', 'approved', 'closed', 'hidden', 'onHold', 'products', 'additionalProducts', 'scanAppointment', 'startFromOffice', 'deliveryDate', 'deliveredOn', 'externalDeliveryDate', 'externalMissionStatus', 'externalOrderReference', 'cloudOnline', 'cloudSyncState', 'cloudSyncedAt', 'backupState', 'backedUpAt', 'updatedAt'].map((f) => (
              <F key={f} field={f} />
            ))}
          </Fields>
          <ConfirmationPanel />
        </Section>

        <Section id="description" title={t('sections.description')}>
          <Fields>
            <F field="description" wide />
          </Fields>
        </Section>

        <Section id="buildings" title={t('sections.buildings')}>
          <BuildingsTable buildings={mission.buildings} />
        </Section>

        <Section id="scans" title={t('sections.scans')}>
          <ScansSection
            missionId={mission.id}
            initial={records.datasets}
            types={datasetTypes}
            // Processing the scans goes with holding the mission's calculation (mission-access.ts); checking them is for internal users, who alone may close a mission.
            canProcess={capabilities.includes('hold')}
            canCheck={capabilities.includes('close')}
          />
          {capabilities.includes('upload') && <ScanUploadPanel missionId={mission.id} types={datasetTypes} />}
        </Section>

        <Section id="downloads" title={t('sections.downloads')}>
          {records.files ? <DownloadsSection missionId={mission.id} files={records.files} /> : <p className={styles.empty}>{t('downloads.notForYou')}</p>}
        </Section>

        <Section id="slices" title={t('sections.slices')}>
          <RenderedSlicesSection missionId={mission.id} initial={records.slices} canDelete={capabilities.includes('update')} />
        </Section>

        {'scanOperatorNotes' in mission && (
          <Section id="scan-operator-notes" title={t('sections.scanOperatorNotes')}>
            <Fields>
              <F field="scanOperatorNotes" wide />
            </Fields>
          </Section>
        )}

        <Section id="blurring-instructions" title={t('sections.blurringInstructions')}>
          <Fields>
            <F field="blurringInstructions" wide />
          </Fields>
          {records.privacy && <PrivacyRecordSection missionId={mission.id} record={records.privacy} />}
        </Section>

        <Section id="pointcloud" title={t('sections.pointcloud')}>
          <Fields>
            <F field="pclDeliveryDate" />
            <F field="cadDeliveryDate" />
            <F field="pclTeamDescription" wide />
          </Fields>
          <PointcloudPanel missionId={mission.id} initial={records.pointcloud} datasets={records.datasets} canGenerate={capabilities.includes('hold')} />
          {capabilities.includes('uploadCad') && <CadUploadPanel missionId={mission.id} />}
        </Section>

        <Section id="tours" title={t('sections.tours')}>
          <ToursSection missionId={mission.id} />
        </Section>

        <Section id="stosim" title={t('sections.stosim')}>
          <dl className={styles.fields}>
            <div className={styles.field}>
              <dt className={styles.label}>{t('stosim.ordered')}</dt>
              <dd className={styles.value}>{values(stosimOrdered ? 'yes' : 'no')}</dd>
            </div>
          </dl>
          <StosimSection missionId={mission.id} emptyText={t('stosim.empty')} />
        </Section>

        {records.shares && (
          <Section id="shares" title={t('sections.shares')}>
            <SharePanel missionId={mission.id} ownCustomerId={mission.customerId} shares={records.shares} />
          </Section>
        )}

        {records.audit && (
          <Section id="audit" title={t('sections.audit')}>
            <AuditTrail missionId={mission.id} page={records.audit} tagNames={records.tagNames} />
          </Section>
        )}
      </article>
    </MissionProvider>
  );
}
