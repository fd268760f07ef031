'use client';

import { useTranslations } from 'next-intl';
import { useDatasetText } from '@/components/datasets/dataset-text';
import { missionFiles } from '@/lib/client/api/mission-files';
import type { MissionFileDto, MissionFileKind } from '@/lib/shared/schemas/mission-file';
import styles from './detail.module.css';

const GROUPS: readonly MissionFileKind[] = ['scan', 'cad', 'photo', 'tour-image'];

/**
 * spec §2 "downloads": the mission's files grouped (raw scans, CAD deliverables, photos, tour
 * images), each a streamed download with its size. Users who may not have raw files (external
 * users) do not see the section's list at all (`files` null).
 */
export function DownloadsSection({ missionId, files }: { missionId: number; files: MissionFileDto[] }) {
  const t = useTranslations('missions.detail.downloads');
  const text = useDatasetText();
  if (files.length === 0) return <p className={styles.empty}>{t('empty')}</p>;
  return (
    <div className={styles.stack} data-testid="downloads">
      {GROUPS.map((kind) => {
        const group = files.filter((f) => f.kind === kind);
        if (group.length === 0) return null;
        return (
          <div key={kind} className={styles.downloadGroup}>
            <h3>{t(`groups.${kind}`)}</h3>
            <div className={styles.tableWrap}>
              <table className={styles.table}>
                <thead>
                  <tr>
                    <th scope="col">{t('file')}</th>
                    <th scope="col" className={styles.numeric}>
                      {t('size')}
                    </th>
                    <th scope="col">{t('uploadedBy')}</th>
                    <th scope="col">{t('date')}</th>
                  </tr>
                </thead>
                <tbody>
                  {group.map((f) => (
                    <tr key={f.id}>
                      <td className={styles.filename}>
                        <a href={missionFiles.downloadMissionFile.url({ params: { id: missionId, fileId: f.id } })} download={f.filename} aria-label={t('download', { name: f.filename })}>
                          {f.filename}
                        </a>
                      </td>
                      <td className={styles.numeric}>{text.size(f.sizeBytes)}</td>
                      <td>{f.uploadedBy ?? '–'}</td>
                      <td className={styles.nowrap}>{text.date(f.createdAt)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </div>
        );
      })}
    </div>
  );
}
