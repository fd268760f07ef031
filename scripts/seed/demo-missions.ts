import { offsetPosition } from '@/lib/shared/geo';
import type { BuildingInput } from '@/lib/shared/schemas/building';
import { DATASET_STATUSES, DATASET_TYPES, type CreateDatasetInput, type DatasetStatus, type DatasetType } from '@/lib/shared/schemas/dataset';
import {
  PROJECT_STEPS,
  type AdditionalProduct,
  type CreateMissionInput,
  type MissionPriority,
  type MissionProduct,
  type MissionStatus,
  type PipelineStatus,
} from '@/lib/shared/schemas/mission';
import { deliveryAutoFill } from '@/lib/shared/validation/working-days';
import { ANNEXES, AREAS, CITIES, place, prng, SHAPES } from './demo-places';

export interface MissionPlan {
  mission: CreateMissionInput & { internalReference: string };
  /** Customer ids (database ids) to share the mission with. */
  shareWith: number[];
  datasets: Omit<CreateDatasetInput, 'missionId'>[];
}

export interface PlanContext {
  companyIds: Record<string, number>;
  /** customer number → database id. */
  customerIds: Record<number, number>;
  tagIds: Record<string, number>;
  operatorId?: string;
  managerId?: string;
}

/** Which company orders the 8 missions of each city (CITIES order), and for which customer. */
const CLIENTS_BY_CITY: string[][] = [
  ['provider', 'neckar', 'nord', 'partner', 'provider', 'neckar', 'nord', 'partner'], // München
  ['spree', 'spree', 'rheinland', 'spree', 'spree', 'rheinland', 'spree', 'spree'], // Berlin
  ['nord', 'nord', 'nord', 'nord', 'nord', 'nord', 'nord', 'nord'], // Hamburg
  ['rheinland', 'rheinland', 'nord', 'rheinland', 'rheinland', 'nord', 'rheinland', 'rheinland'], // Köln
  ['mainufer', 'mainufer', 'mainufer', 'provider', 'mainufer', 'mainufer', 'mainufer', 'mainufer'], // Frankfurt
  ['neckar', 'partner', 'neckar', 'neckar', 'partner', 'neckar', 'partner', 'neckar'], // Stuttgart
  ['sachsen', 'sachsen', 'spree', 'sachsen', 'sachsen', 'spree', 'sachsen', 'sachsen'], // Leipzig
  ['sachsen', 'nord', 'sachsen', 'sachsen', 'partner', 'sachsen', 'nord', 'sachsen'], // Dresden
];

const CUSTOMER_OF: Record<string, number> = { provider: 1, partner: 37, nord: 6, rheinland: 7, spree: 14, mainufer: 20, sachsen: 30, neckar: 36 };
const REFERENCE_PREFIX: Record<string, string> = { provider: 'ASS', partner: 'FWB', nord: 'HVN', rheinland: 'RIK', spree: 'SWB', mainufer: 'MPE', sachsen: 'SFM', neckar: 'NAP' };

/** Shares of the demo data: [company, its n-th mission, customer number shared with]. */
const SHARES: [string, number, number][] = [
  ['nord', 1, 7], ['nord', 3, 7], ['nord', 5, 7],
  ['spree', 0, 20], ['spree', 2, 20],
  ['sachsen', 1, 36], ['sachsen', 4, 36],
  ['partner', 0, 30],
];

const PURPOSES = ['Bestandsaufnahme', 'Fassadenaufmaß', 'Laserscan', 'Gebäudescan', 'Digitalisierung', 'Aufmaß Umbau'];
const DESCRIPTIONS = [
  'Vollständige Bestandsaufnahme innen und außen als Grundlage für die Sanierungsplanung. Dachaufsicht per Drohne gewünscht.',
  'Fassadenaufmaß aller Ansichten für die Planung eines Wärmedämmverbundsystems. Fensterlaibungen bitte mit erfassen.',
  'Scan des Treppenhauses und der Kellerräume für den Brandschutznachweis.',
  'Digitaler Zwilling des Gebäudes für das Facility Management, Grundrisse aller Geschosse.',
  'Aufmaß vor Umbau der Gewerbeflächen im Erdgeschoss; Technikräume nur nach Absprache zugänglich.',
  'Dokumentation des Ist-Zustands vor Beginn der Abbrucharbeiten.',
];
const OPERATOR_NOTES = [
  'Zugang über den Hof, Schlüssel beim Hausmeister (EG links).',
  'Parken nur in der Ladezone vor dem Haus, Genehmigung liegt vor.',
  'Mieter sind informiert; Wohnungen 3 und 7 nur am Vormittag zugänglich.',
  'Dachzugang über Luke im Treppenhaus, Leiter mitbringen.',
  'Baustelle: Helmpflicht, Anmeldung beim Bauleiter im Container.',
];
const BLURRING = [
  'Gesichter und Kfz-Kennzeichen unkenntlich machen.',
  'Gesichter, Kennzeichen und Namensschilder an Klingeln und Briefkästen verpixeln.',
  'Innenräume: Fotos an den Wänden und Bildschirminhalte unkenntlich machen.',
];
const PCL_NOTES = [
  'Registrierung mit 84 Standpunkten, mittlere Abweichung 4 mm.',
  'Innen und außen über Passpunkte verknüpft; Dachbereich aus Drohnenflug ergänzt.',
  'Punktwolke auf 5 mm ausgedünnt, Farbinformationen vollständig.',
];
const EXTERNAL_STATUS = ['angefragt', 'beauftragt', 'in_bearbeitung', 'abgeschlossen'];

/** Dataset statuses that fit each step after the scan (index = step − 6). */
const DATASET_STATUS_BY_STEP: DatasetStatus[][] = [
  ['uploading', 'unknown'],
  ['available', 'imported', 'uploading'],
  ['checked', 'corrected', 'imported'],
  ['processing', 'slamed', 'superframe_ready'],
  ['processed', 'error', 'corrected'],
  ['processed', 'processing', 'superframe_ready'],
  // Delivered and later: everything processed.
  ['processed', 'processed', 'corrected'],
];
const DATASET_TYPE_CYCLE: DatasetType[] = ['outdoor', 'indoor', 'mixed', 'flight', 'outdoor', 'indoor', 'internal', 'unknown'];

const DAY = 86_400_000;
/** Demo "today": fixed, so the data does not change between runs. */
const BASE = Date.UTC(2026, 9, 30, 8, 0);

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const iso = (ms: number) => new Date(ms).toISOString();
const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/ä/g, 'ae').replace(/ö/g, 'oe').replace(/ü/g, 'ue').replace(/ß/g, 'ss')
    .replace(/[^a-z]+/g, '_')
    .replace(/^_|_$/g, '');

function statusOf(step: number): MissionStatus {
  if (step <= 3) return 'created';
  if (step <= 6) return 'in_progress';
  if (step <= 12) return 'uploaded';
  return 'delivered';
}

function pipelineOf(step: number): PipelineStatus {
  if (step < 7) return 'not_started';
  if (step === 7) return 'queued';
  if (step === 10 || step >= 12) return 'completed';
  return 'processing';
}

/** The demo missions, in a fixed order, derived from a fixed seed. */
export function buildMissionPlans(ctx: PlanContext): MissionPlan[] {
  const random = prng(20261121);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const between = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const perCompany: Record<string, number> = {};
  const plans: MissionPlan[] = [];
  let datasetCounter = 0;

  CITIES.forEach((city, c) => {
    city.streets.forEach((street, s) => {
      const i = c * city.streets.length + s;
      const client = CLIENTS_BY_CITY[c]![s]!;
      const nth = (perCompany[client] = (perCompany[client] ?? -1) + 1);
      const step = (i * 5 + 3) % PROJECT_STEPS.length;
      const partner = client === 'partner';
      const houseNumber = between(1, 140);
      const zip = `${pick(city.zipPrefixes)}${String(between(0, 99)).padStart(2, '0')}`;
      const origin = offsetPosition(city.centre, (random() * 2 - 1) * 3500, (random() * 2 - 1) * 2500);

      // Buildings: a main building, sometimes an annex and an area.
      const main = pick(SHAPES);
      const rotation = Math.round(random() * 180 - 90);
      const buildings: BuildingInput[] = [
        { name: `${main.kind} ${street} ${houseNumber}`, type: 'building', footprint: place(main, origin, 0, 0, rotation), levels: between(...main.levels), storeyHeight: main.storeyHeight },
      ];
      if (random() < 0.35) {
        const annex = pick(ANNEXES);
        buildings.push({ name: annex.kind, type: 'building', footprint: place(annex, origin, 0, -45, rotation), levels: between(...annex.levels), storeyHeight: annex.storeyHeight });
      }
      if (random() < 0.2) {
        const area = pick(AREAS);
        buildings.push({ name: area.kind, type: 'area', footprint: place(area, origin, 55, 0, rotation), levels: 1 });
      }

      const roll = random();
      const priority: MissionPriority = roll < 0.15 ? 'low' : roll < 0.7 ? 'normal' : roll < 0.9 ? 'high' : 'urgent';
      const products: MissionProduct[] = ['pointcloud'];
      if (random() < 0.6) products.push('cad');
      if (random() < 0.5) products.push('floor_plan');
      if (partner || random() < 0.4) products.push('facade');
      const additionalProducts: AdditionalProduct[] = partner ? ['stosim', ...(random() < 0.5 ? (['facade_colour_design'] as const) : [])] : random() < 0.1 ? ['thermal_insulation_plan'] : [];

      // Dates follow the step: older missions are further along.
      const createdAt = BASE - step * 9 * DAY - between(1, 6) * DAY + between(0, 8) * 3_600_000;
      // Appointments of missions not yet scanned lie ahead of "today"; the others after creation.
      const scanDay = step <= 5 ? BASE + (6 - step) * 4 * DAY + between(1, 6) * DAY : createdAt - (createdAt % DAY) + between(12, 20) * DAY;
      const scan = step >= 4 ? scanDay + (random() < 0.5 ? 7 : 8.5) * 3_600_000 : undefined;
      const startFromOffice = scan === undefined ? undefined : scan - between(2, 4) * 1_800_000;
      const pcl = scan !== undefined && step >= 5 ? day(scan + 10 * DAY) : undefined;
      const cad = scan !== undefined && step >= 5 && products.includes('cad') ? day(scan + 14 * DAY) : undefined;
      const delivery = deliveryAutoFill({ pcl, cad });
      const external = partner && delivery ? day(Date.parse(`${delivery}T00:00:00Z`) + 7 * DAY) : undefined;
      const status = statusOf(step);
      const deliveredOn = status === 'delivered' && delivery ? Date.parse(`${delivery}T15:00:00Z`) : undefined;

      const onHold = step >= 8 && step <= 11 && i % 9 === 0;
      const failed = step >= 8 && step <= 11 && i % 19 === 4;
      const cloudOnline = step >= 9 && random() < 0.6;
      const closed = step === 16 && random() < 0.7;
      const backupState = closed ? 'done' : step >= 13 && i % 31 === 7 ? 'failed' : step >= 13 && i % 23 === 3 ? 'running' : 'none';

      const assignRoll = random();
      const assigneeId = step >= 3 && step <= 12 ? (assignRoll < 0.5 ? ctx.operatorId : assignRoll < 0.7 ? ctx.managerId : undefined) : undefined;

      const tags = new Set<string>();
      if (partner || products.includes('facade')) tags.add('Fassadensanierung');
      if (main.kind === 'Gründerzeit-Block' && random() < 0.6) tags.add('Denkmalschutz');
      if (priority === 'urgent') tags.add('Eilauftrag');
      if (main.kind === 'Gewerbehalle' || main.kind === 'Bürogebäude') tags.add('Gewerbe');
      if (random() < 0.3) tags.add(pick(['Bestandsaufnahme', 'Innenaufnahme', 'Neubau']));

      const internalReference = `ARG-2026-${String(i + 1).padStart(4, '0')}`;
      const purpose = pick(PURPOSES);
      const subCustomer = client === 'nord' && city.name === 'Hamburg' && s % 2 === 1 ? 11 : client === 'spree' && city.name === 'Berlin' && s % 3 === 0 ? 50 : undefined;
      const customerNumber = client === 'sachsen' && city.name === 'Dresden' ? 42 : CUSTOMER_OF[client]!;

      const datasets: MissionPlan['datasets'] = [];
      if (scan !== undefined && step >= 6) {
        const statuses = DATASET_STATUS_BY_STEP[Math.min(step - 6, DATASET_STATUS_BY_STEP.length - 1)]!;
        const count = step === 6 ? 1 : between(1, 3);
        for (let j = 0; j < count; j++) {
          const datasetStatus = statuses[(i + j) % statuses.length]!;
          const type = DATASET_TYPE_CYCLE[datasetCounter++ % DATASET_TYPE_CYCLE.length]!;
          if (type === 'flight') tags.add('Drohnenflug');
          if (type === 'indoor') tags.add('Innenaufnahme');
          const taken = scan + j * 2_400_000;
          const datasetId = `${internalReference}-S${j + 1}`;
          datasets.push({
            datasetId,
            type,
            status: datasetStatus,
            progress: progressOf(datasetStatus, random()),
            createdAt: iso(taken),
            lastSeenAt: iso(taken + (datasetStatus === 'uploading' ? between(5, 50) * 60_000 : between(1, 9) * DAY)),
            // Records of earlier scans: their files are not in this installation (only the demo scan's is).
            sizeBytes: between(800, 9_000) * 1_048_576,
          });
        }
      }

      plans.push({
        mission: {
          name: partner ? `${slug(purpose)}_${slug(street)}` : `${purpose} ${street} ${houseNumber}`,
          companyId: ctx.companyIds[client]!,
          customerId: ctx.customerIds[customerNumber]!,
          subCustomerId: subCustomer === undefined ? undefined : ctx.customerIds[subCustomer],
          internalReference,
          customerReference: random() < 0.7 ? `${REFERENCE_PREFIX[client]}-2026-${String(between(100, 999)).padStart(4, '0')}` : undefined,
          orderConfirmationNumber: step >= 3 ? `AB-26-${4100 + i}` : undefined,
          ownerId: ctx.managerId,
          assigneeId,
          tagIds: [...tags].map((t) => ctx.tagIds[t]!),
          priority,
          status,
          step: PROJECT_STEPS[step],
          pipelineStatus: failed ? 'failed' : onHold ? 'paused' : pipelineOf(step),
          ready: step >= 10,
          approved: step >= 12,
          cloudOnline,
          closed,
          hidden: i === 13 || i === 41,
          onHold,
          backupState,
          backedUpAt: backupState === 'done' && deliveredOn ? iso(deliveredOn + 30 * DAY) : undefined,
          cloudSyncState: cloudOnline ? (i % 17 === 5 ? 'failed' : 'synced') : 'unsynced',
          cloudSyncedAt: cloudOnline && scan ? iso(scan + 12 * DAY) : undefined,
          deliveredOn: deliveredOn === undefined ? undefined : iso(deliveredOn),
          address: `${street} ${houseNumber}, ${zip} ${city.name}`,
          products,
          additionalProducts,
          scanAppointment: scan === undefined ? undefined : iso(scan),
          startFromOffice: startFromOffice === undefined ? undefined : iso(startFromOffice),
          pclDeliveryDate: pcl,
          cadDeliveryDate: cad,
          externalDeliveryDate: external,
          externalMissionStatus: partner ? EXTERNAL_STATUS[Math.min(3, Math.floor(step / 5))] : undefined,
          externalOrderReference: partner ? `FW-ORD-${70_000 + i * 37}` : undefined,
          description: pick(DESCRIPTIONS),
          pclTeamDescription: step >= 9 ? pick(PCL_NOTES) : undefined,
          scanOperatorNotes: step >= 4 ? pick(OPERATOR_NOTES) : undefined,
          blurringInstructions: step >= 6 && random() < 0.6 ? pick(BLURRING) : undefined,
          createdAt: iso(createdAt),
          buildings,
        },
        shareWith: SHARES.filter(([company, n]) => company === client && n === nth).map(([, , number]) => ctx.customerIds[number]!),
        datasets,
      });
    });
  });

  ensureEveryDatasetKind(plans);
  return plans;
}

function progressOf(status: DatasetStatus, r: number): number {
  if (status === 'uploading') return Math.round(20 + r * 75);
  if (status === 'processing' || status === 'slamed') return Math.round(10 + r * 80);
  if (status === 'error') return Math.round(r * 60);
  if (status === 'unknown') return 0;
  return 100;
}

/** Every dataset status and type appears at least once (the lists and filters show them all). */
function ensureEveryDatasetKind(plans: MissionPlan[]): void {
  const all = plans.flatMap((p) => p.datasets);
  const later = all.filter((d) => d.status === 'processed');
  for (const status of DATASET_STATUSES) {
    if (all.some((d) => d.status === status)) continue;
    const spare = later.pop();
    if (spare) Object.assign(spare, { status, progress: progressOf(status, 0.5) });
  }
  for (const type of DATASET_TYPES) {
    if (all.some((d) => d.type === type)) continue;
    const spare = all.find((d) => all.filter((o) => o.type === d.type).length > 1);
    if (spare) spare.type = type;
  }
}
