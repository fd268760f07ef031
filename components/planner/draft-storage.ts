import type { PlannedBuilding } from './drawing';
import type { MissionFormValues } from './form-values';

/**
 * spec §2: nothing typed is lost when saving fails — the planner keeps a draft (form and
 * buildings) in localStorage, restores it on return and clears it after a successful save.
 */
export interface PlannerDraft {
  values?: MissionFormValues;
  deliveryEdited?: boolean;
  buildings: PlannedBuilding[];
  /**
   * Editing a mission's plan: the stored plan the drawing started from. A restored draft is saved
   * against it, so a building someone added since is a conflict, not a removal.
   */
  base?: PlannedBuilding[];
}

export const draftKey = (missionId: number | null) => (missionId === null ? 'argus.planner.draft' : `argus.planner.draft.${missionId}`);

export function readDraft(key: string): PlannerDraft | null {
  try {
    const raw = window.localStorage.getItem(key);
    if (!raw) return null;
    const draft = JSON.parse(raw) as PlannerDraft;
    return Array.isArray(draft.buildings) ? draft : null;
  } catch {
    return null;
  }
}

export function writeDraft(key: string, draft: PlannerDraft): void {
  try {
    window.localStorage.setItem(key, JSON.stringify(draft));
  } catch {
    // Storage full or disabled (private mode): the form still works, only the draft is not kept.
  }
}

export function clearDraft(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // See writeDraft.
  }
}
