import type { CompanyItem } from './picker-types';
import type { FormLimits } from './form-rules';

/**
 * What the server hands the planner as data (the enum values and limits live in zod schema
 * modules, which must not reach the browser bundle; MAP_STYLE_URL is server configuration).
 */
export interface PlannerConfig {
  products: readonly string[];
  additionalProducts: readonly string[];
  priorities: readonly string[];
  limits: FormLimits;
  /** Metres per storey used for facade areas (lib/shared/geo DEFAULT_STOREY_HEIGHT_M unless configured). */
  storeyHeightM: number;
  /** spec §3 allow.chooseCompany: internal users choose the company; others get their own. */
  chooseCompany: boolean;
  companies: CompanyItem[];
  ownCompanyId: number | null;
  styleUrl?: string;
}
