'use client';

import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useEffect, useState } from 'react';
import { useNotify } from '@/components/platform/notifications';
import { missions } from '@/lib/client/api/missions';
import { pickers } from '@/lib/client/api/pickers';
import { ApiError } from '@/lib/client/fetcher';
import type { TagDto } from '@/lib/shared/schemas/tag';
import { TagCombobox, type TagChoice } from './tag-combobox';
import styles from './detail.module.css';

export interface TagChip {
  id: number;
  name: string;
  color: string | null;
}

const byName = (a: TagChip, b: TagChip) => a.name.localeCompare(b.name);

/**
 * The mission's tags in place (spec §3 Tag) for users with the 'tag' capability
 * (mission-access.ts): chips with a remove button and the "Add tag" combobox. Every change goes
 * to the API at once; the chips change only when it succeeded, then router.refresh() brings the
 * audit trail along. A failure leaves the chips as they were and says so.
 */
export function TagEditor({ missionId, tags: initial }: { missionId: number; tags: readonly TagChip[] }) {
  const t = useTranslations('missions.tags');
  const notify = useNotify();
  const router = useRouter();
  const [tags, setTags] = useState<readonly TagChip[]>(initial);
  useEffect(() => setTags(initial), [initial]);
  const [pending, setPending] = useState(false);

  async function add(choice: TagChoice) {
    const name = choice.kind === 'create' ? choice.name : choice.tag.name;
    setPending(true);
    try {
      let tag: TagDto;
      if (choice.kind === 'create') {
        try {
          tag = await pickers.createTag({ body: { name } });
        } catch (err) {
          notify({ type: 'error', text: err instanceof ApiError && err.code === 'conflict' ? t('exists', { name }) : t('createFailed', { name }) });
          return;
        }
      } else {
        tag = choice.tag;
      }
      try {
        await missions.attachMissionTag({ params: { id: missionId }, body: { tagId: tag.id } });
      } catch {
        notify({ type: 'error', text: t('addFailed', { name }) });
        return;
      }
      setTags((previous) => [...previous.filter((p) => p.id !== tag.id), { id: tag.id, name: tag.name, color: tag.color }].sort(byName));
      notify({ type: 'success', text: t('added', { name: tag.name }) });
      router.refresh();
    } finally {
      setPending(false);
    }
  }

  async function remove(tag: TagChip) {
    setPending(true);
    try {
      await missions.detachMissionTag({ params: { id: missionId, tagId: tag.id } });
      setTags((previous) => previous.filter((p) => p.id !== tag.id));
      notify({ type: 'success', text: t('removed', { name: tag.name }) });
      router.refresh();
    } catch {
      notify({ type: 'error', text: t('removeFailed', { name: tag.name }) });
    } finally {
      setPending(false);
    }
  }

  return (
    <div className={styles.tagEditor} data-testid="tag-editor">
      {tags.length > 0 && (
        <ul className={styles.chips}>
          {tags.map((tag) => (
            <li key={tag.id} className={styles.chip} style={tag.color ? { borderColor: tag.color } : undefined}>
              <span>{tag.name}</span>
              <button type="button" className={styles.chipRemove} disabled={pending} onClick={() => void remove(tag)} aria-label={t('remove', { name: tag.name })}>
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <TagCombobox attached={tags} disabled={pending} onPick={(choice) => void add(choice)} />
    </div>
  );
}
