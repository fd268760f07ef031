import { externalDeliveryAfter, scanAfterStart, validDate } from '@/lib/shared/validation/dates';
import { encodeIssue, type ValidationIssue } from '@/lib/shared/validation/issue';
import { missionName } from '@/lib/shared/validation/mission';
import { maxBytes } from '@/lib/shared/validation/text';
import { deliveryAutoFill } from '@/lib/shared/validation/working-days';
import type { PlannedBuilding } from './drawing';
import type { FormField, MissionFormValues } from './form-values';

/** Limits the page passes in (the schema's own constants, read on the server: no zod in the browser). */
export interface FormLimits {
  nameMaxLength: number;
  referenceMaxBytes: number;
  descriptionMaxBytes: number;
}

export interface RuleContext {
  limits: FormLimits;
  /** The chosen company is the building-materials partner (spec §5 name pattern). */
  isMaterialsPartner: boolean;
  buildings: readonly PlannedBuilding[];
}

/**
 * An error is a message key: `validation.*` (encoded, with values) from the shared rules, or a
 * `planner.rules.*` key for the planner's own rules.
 */
export type FormErrors = Partial<Record<FormField, string>>;

const enc = (found: ValidationIssue | null) => (found ? encodeIssue(found) : undefined);

/**
 * Spec §5 for a new mission, field by field, first problem only — the same rules the server
 * applies (lib/shared/schemas/mission.ts, create-mission.ts) so the form refuses what it would.
 */
export function validateMissionForm(values: MissionFormValues, ctx: RuleContext): FormErrors {
  const errors: FormErrors = {};
  const set = (field: FormField, message: string | undefined) => {
    if (message && !errors[field]) errors[field] = message;
  };
  set('name', enc(missionName({ isBuildingMaterialsPartner: ctx.isMaterialsPartner })(values.name)));
  if (values.name.trim().length > ctx.limits.nameMaxLength) set('name', 'planner.rules.nameTooLong');
  if (!values.companyId) set('companyId', 'planner.rules.companyRequired');
  // spec §5: a company must be chosen before a customer.
  if (values.customerId && !values.companyId) set('customerId', 'planner.rules.companyFirst');
  if (values.subCustomerId && !values.customerId) set('subCustomerId', 'planner.rules.customerFirst');
  for (const field of ['internalReference', 'customerReference', 'orderConfirmationNumber'] as const) {
    set(field, enc(maxBytes(ctx.limits.referenceMaxBytes)(values[field])));
  }
  set('description', enc(maxBytes(ctx.limits.descriptionMaxBytes)(values.description)));
  if (values.products.length === 0) set('products', 'planner.rules.productRequired');
  for (const field of ['scanAppointment', 'startFromOffice', 'pclDeliveryDate', 'cadDeliveryDate', 'deliveryDate', 'externalDeliveryDate'] as const) {
    set(field, enc(validDate(values[field])));
  }
  set('scanAppointment', enc(scanAfterStart({ scan: values.scanAppointment, startFromOffice: values.startFromOffice })));
  set('externalDeliveryDate', enc(externalDeliveryAfter({ external: values.externalDeliveryDate, pcl: values.pclDeliveryDate, cad: values.cadDeliveryDate })));
  if (ctx.buildings.length === 0) set('buildings', 'planner.rules.buildingRequired');
  else if (ctx.buildings.some((b) => b.name.trim() === '')) set('buildings', 'planner.rules.buildingName');
  return errors;
}

/**
 * spec §5 delivery auto-fill: while the user has not typed a delivery date of their own, it
 * follows the later of the pointcloud and CAD dates plus 3 working days.
 */
export function autoFilledDelivery(values: MissionFormValues, deliveryEdited: boolean): string {
  if (deliveryEdited) return values.deliveryDate;
  return deliveryAutoFill({ pcl: values.pclDeliveryDate, cad: values.cadDeliveryDate }) ?? '';
}
