import type { UpdatableMissionField } from '@/lib/shared/schemas/mission-update';
import type { MissionDetail } from '@/lib/shared/schemas/mission-view';
import { externalDeliveryAfter, scanAfterStart, validDate } from '@/lib/shared/validation/dates';
import type { ValidationIssue } from '@/lib/shared/validation/issue';
import { missionName } from '@/lib/shared/validation/mission';
import { maxBytes, required } from '@/lib/shared/validation/text';
import { deliveryAutoFill } from '@/lib/shared/validation/working-days';
import type { FieldKind } from './field-kinds';

/** What an editor holds while the user types: text for most inputs, a flag, or a list of choices. */
export type Draft = string | boolean | string[];

type Values = Partial<Record<string, unknown>>;
const valuesOf = (mission: MissionDetail): Values => mission as unknown as Values;

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as `<input type="datetime-local">` wants it: the browser's local wall time. */
export function toLocalInput(iso: string): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The editor's starting value for a field of the mission. */
export function draftOf(field: UpdatableMissionField, spec: FieldKind, mission: MissionDetail): Draft {
  const value = valuesOf(mission)[field];
  const { kind } = spec;
  if (kind === 'boolean') return value === true;
  if (kind === 'multi') return Array.isArray(value) ? value.map(String) : [];
  if (value === null || value === undefined) return '';
  if (kind === 'datetime') return toLocalInput(String(value));
  return String(value);
}

/** The PATCH value of a draft (spec §5: an empty input is "not set", sent as null). */
export function patchValue(field: UpdatableMissionField, spec: FieldKind, draft: Draft): unknown {
  if (spec.kind === 'boolean' || spec.kind === 'multi') return draft;
  const text = String(draft);
  switch (spec.kind) {
    case 'text':
      return field === 'name' ? text : text.trim() === '' ? null : text;
    case 'bytes':
      // Blurring instructions keep '' so the rule "cannot be empty" answers, not a silent clear.
      return spec.required || text !== '' ? text : null;
    case 'enum':
      return text;
    case 'date':
      return text === '' ? null : text;
    case 'datetime': {
      if (text === '') return null;
      const date = new Date(text);
      return Number.isNaN(date.getTime()) ? text : date.toISOString();
    }
    case 'number':
      return text.trim() === '' ? null : Number(text);
    default:
      return text === '' ? null : field === 'ownerId' || field === 'assigneeId' ? text : Number(text);
  }
}

/**
 * The first problem with a draft, checked with the helpers the server's schema and update verb use
 * (spec §5: mission name, byte limits, blurring instructions not empty, valid dates, the date
 * order against the mission's other dates), with the schema's limits (field-kinds.ts). The
 * server checks again, including the materials partner's name rule only it knows about.
 */
export function checkField(field: UpdatableMissionField, spec: FieldKind, draft: Draft, mission: MissionDetail): ValidationIssue | null {
  const text = typeof draft === 'string' ? draft : '';
  if (field === 'name') return required(text) ?? missionName({ isBuildingMaterialsPartner: false })(text);
  if (field === 'products') return required(draft);
  switch (spec.kind) {
    case 'bytes':
      return (spec.required ? required(text) : null) ?? maxBytes(spec.maxBytes)(text);
    case 'date':
    case 'datetime':
      return validDate(text) ?? dateOrder(field, text, valuesOf(mission));
    default:
      return null;
  }
}

type DateLike = string | null | undefined;
const dateValue = (v: unknown): DateLike => (typeof v === 'string' ? v : null);

/** spec §5 date order, with the edited date in place of the stored one. */
function dateOrder(field: UpdatableMissionField, text: string, stored: Values): ValidationIssue | null {
  const next = { ...stored, [field]: text === '' ? null : text };
  if (field === 'externalDeliveryDate' || field === 'pclDeliveryDate' || field === 'cadDeliveryDate') {
    return externalDeliveryAfter({ external: dateValue(next.externalDeliveryDate), pcl: dateValue(next.pclDeliveryDate), cad: dateValue(next.cadDeliveryDate) });
  }
  if (field === 'scanAppointment' || field === 'startFromOffice') {
    const iso = (v: unknown) => {
      const s = dateValue(v);
      return s && s.length === 16 ? new Date(s).toISOString() : s;
    };
    return scanAfterStart({ scan: iso(next.scanAppointment), startFromOffice: iso(next.startFromOffice) });
  }
  return null;
}

/**
 * spec §5 delivery auto-fill as the form shows it: editing the pcl or cad date (and not the
 * delivery date itself) makes the server set the delivery date to the later one plus 3 working
 * days. Undefined when nothing would be filled in.
 */
export function deliveryPreview(field: UpdatableMissionField, draft: Draft, mission: MissionDetail): string | undefined {
  if (field !== 'pclDeliveryDate' && field !== 'cadDeliveryDate') return undefined;
  const stored = valuesOf(mission);
  const next = { pcl: dateValue(stored.pclDeliveryDate), cad: dateValue(stored.cadDeliveryDate) };
  const text = String(draft);
  if (validDate(text)) return undefined;
  next[field === 'pclDeliveryDate' ? 'pcl' : 'cad'] = text === '' ? null : text;
  return deliveryAutoFill(next);
}
