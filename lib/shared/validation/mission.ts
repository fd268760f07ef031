import { issue, type Rule } from './issue';
import { characterCount } from './text';

/** Spec §9. */
export const MISSION_NAME_MIN_LENGTH = 5;
const PARTNER_PATTERN = /^[a-z_]+$/;

/**
 * Spec §5: a mission name has at least 5 characters; for the building-materials partner company
 * only lowercase letters and underscores (its systems take the name as an identifier).
 * Whether the company is that partner is the caller's knowledge — this rule stays pure.
 */
export function missionName(options: { isBuildingMaterialsPartner: boolean }): Rule {
  return (value) => {
    const name = value.trim();
    if (characterCount(name) < MISSION_NAME_MIN_LENGTH) return issue('validation.minLength', { min: MISSION_NAME_MIN_LENGTH });
    if (options.isBuildingMaterialsPartner && !PARTNER_PATTERN.test(name)) return issue('validation.missionName.pattern');
    return null;
  };
}
