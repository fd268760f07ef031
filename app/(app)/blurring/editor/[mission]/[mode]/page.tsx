import { notFound } from 'next/navigation';
import { BlurringEditor } from '@/components/blurring/editor/blurring-editor';
import { actorId } from '@/lib/server/auth/actor';
import { permissionsOf } from '@/lib/server/auth/permissions';
import { requireUser } from '@/lib/server/auth/require-user';
import { listMissionImages } from '@/lib/server/blurring/list-mission-images';
import { pageContext } from '@/lib/server/domain/contexts';
import { AppError } from '@/lib/server/errors';
import { getTranslations } from 'next-intl/server';
import { viewMetadata } from '@/lib/server/i18n/metadata';
import { BLURRING_MODES, type BlurringMode } from '@/lib/shared/schemas/blurring';
import { withAccessViews } from '@/app/access-views';

type Params = Promise<{ mission: string; mode: string }>;

const parse = (p: { mission: string; mode: string }) => {
  const missionId = Number(p.mission);
  const valid = Number.isSafeInteger(missionId) && missionId > 0 && (BLURRING_MODES as readonly string[]).includes(p.mode);
  return valid ? { missionId, mode: p.mode as BlurringMode } : null;
};

export async function generateMetadata({ params }: { params: Params }) {
  const { actor } = await requireUser();
  const parsed = parse(await params);
  return viewMetadata(parsed && (await permissionsOf(actor)).UI.menu.blurring ? 'blurringEditor' : 'notFound', { id: parsed?.missionId ?? '' });
}

/**
 * spec §2 /blurring/editor/{mission}/{mode}: mode blur (first pass) or check (second person).
 * Someone else's mission or an unknown one is not found; a failing read shows the load failure.
 */
async function BlurringEditorPage({ params }: { params: Params }) {
  const { actor } = await requireUser();
  const parsed = parse(await params);
  if (!parsed || !(await permissionsOf(actor)).UI.menu.blurring) notFound();
  const ctx = pageContext(actor, 'blurring-editor');
  const loaded = await listMissionImages(ctx, { missionId: parsed.missionId }).catch((err: unknown) => {
    if (err instanceof AppError && (err.code === 'not_found' || err.code === 'not_authorized')) notFound();
    ctx.log.error('blurring images read failed', err);
    return null;
  });
  const t = await getTranslations('views');
  // The page's name as its heading, as the title says it (axe: every page has one h1).
  return (
    <>
      <h1>{t('blurringEditor', { id: parsed.missionId })}</h1>
      <BlurringEditor missionId={parsed.missionId} mode={parsed.mode} initial={loaded} me={actorId(actor)} />
    </>
  );
}

export default withAccessViews(BlurringEditorPage);
