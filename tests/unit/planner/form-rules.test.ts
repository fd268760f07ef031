/** @jest-environment node */
import type { PlannedBuilding } from '@/components/planner/drawing';
import { createMissionBody } from '@/components/planner/create-body';
import { autoFilledDelivery, validateMissionForm, type RuleContext } from '@/components/planner/form-rules';
import { EMPTY_FORM, type MissionFormValues } from '@/components/planner/form-values';
import { measuresOf, totalsOf } from '@/components/planner/measures';
import { metresPerDegree } from '@/lib/shared/geo';

const origin = [11.5755, 48.1374] as const;
const m = metresPerDegree(origin[1]);
/** 20 m east × 10 m north in Munich. */
const rectangle: PlannedBuilding = {
  key: 'n1',
  name: 'Haus A',
  type: 'building',
  levels: 2,
  ring: [
    [origin[0], origin[1]],
    [origin[0] + 20 / m.lon, origin[1]],
    [origin[0] + 20 / m.lon, origin[1] + 10 / m.lat],
    [origin[0], origin[1] + 10 / m.lat],
  ],
};
const ctx: RuleContext = { limits: { nameMaxLength: 200, referenceMaxBytes: 100, descriptionMaxBytes: 50 }, isMaterialsPartner: false, buildings: [rectangle] };
const valid: MissionFormValues = { ...EMPTY_FORM, name: 'Bestandsaufnahme', companyId: '3', products: ['pointcloud'] };

describe('new mission form rules (spec §5)', () => {
  it('accepts a complete mission', () => {
    expect(validateMissionForm(valid, ctx)).toEqual({});
  });

  it('wants a name of at least 5 characters, and the partner pattern for the partner company', () => {
    expect(validateMissionForm({ ...valid, name: 'abc' }, ctx).name).toBe('validation.minLength?min=5');
    expect(validateMissionForm({ ...valid, name: 'Fassade Süd' }, { ...ctx, isMaterialsPartner: true }).name).toBe('validation.missionName.pattern');
    expect(validateMissionForm({ ...valid, name: 'fassade_sued' }, { ...ctx, isMaterialsPartner: true }).name).toBeUndefined();
  });

  it('wants at least one product', () => {
    expect(validateMissionForm({ ...valid, products: [] }, ctx).products).toBe('planner.rules.productRequired');
  });

  it('wants a company before a customer, and a customer before a sub-customer', () => {
    expect(validateMissionForm({ ...valid, companyId: '', customerId: '4' }, ctx)).toMatchObject({ companyId: 'planner.rules.companyRequired', customerId: 'planner.rules.companyFirst' });
    expect(validateMissionForm({ ...valid, subCustomerId: '5' }, ctx).subCustomerId).toBe('planner.rules.customerFirst');
  });

  it('refuses a mission without buildings, and buildings without a name', () => {
    expect(validateMissionForm(valid, { ...ctx, buildings: [] }).buildings).toBe('planner.rules.buildingRequired');
    expect(validateMissionForm(valid, { ...ctx, buildings: [{ ...rectangle, name: ' ' }] }).buildings).toBe('planner.rules.buildingName');
  });

  it('orders the dates: scan after start, external delivery after pointcloud and CAD', () => {
    const errors = validateMissionForm(
      { ...valid, startFromOffice: '2026-05-04T10:00', scanAppointment: '2026-05-04T09:00', pclDeliveryDate: '2026-06-01', externalDeliveryDate: '2026-06-01' },
      ctx,
    );
    expect(errors.scanAppointment).toBe('validation.scanAfterStart');
    expect(errors.externalDeliveryDate).toBe('validation.externalDeliveryAfter');
  });

  it('counts the description in UTF-8 bytes', () => {
    expect(validateMissionForm({ ...valid, description: 'ä'.repeat(26) }, ctx).description).toBe('validation.maxBytes?max=50');
    expect(validateMissionForm({ ...valid, description: 'ä'.repeat(25) }, ctx).description).toBeUndefined();
  });

  it('fills the delivery date from the later of pointcloud and CAD plus 3 working days, until the user types one', () => {
    // Friday 2026-05-08 → Wednesday 2026-05-13 (Ascension Day 2026-05-14 is after it).
    const dates = { ...valid, pclDeliveryDate: '2026-05-08', cadDeliveryDate: '2026-05-04' };
    expect(autoFilledDelivery(dates, false)).toBe('2026-05-13');
    expect(autoFilledDelivery({ ...dates, deliveryDate: '2026-07-01' }, true)).toBe('2026-07-01');
    expect(autoFilledDelivery({ ...valid }, false)).toBe('');
  });
});

describe('measures and the request body', () => {
  it('measures a 10 m × 20 m rectangle: 200 m², 60 m, facade 60 × 2 × 3 m', () => {
    const measures = measuresOf(rectangle, 3);
    expect(measures.groundArea).toBeCloseTo(200, -0.5);
    expect(measures.perimeter).toBeCloseTo(60, 0);
    expect(measures.facadeArea).toBeCloseTo(360, -0.5);
    expect(measuresOf({ ...rectangle, type: 'area' }, 3).facadeArea).toBe(0);
    expect(totalsOf([rectangle, rectangle], 3).groundArea).toBeCloseTo(2 * measures.groundArea, 6);
  });

  it('sends closed footprints and leaves empty inputs out', () => {
    const body = createMissionBody({ ...valid, startFromOffice: '2026-05-04T10:00' }, [rectangle], 3);
    expect(body.companyId).toBe(3);
    expect(body.customerId).toBeUndefined();
    expect(body.description).toBeUndefined();
    expect(body.startFromOffice).toMatch(/^2026-05-04T\d\d:00:00.000Z$/);
    const ring = body.buildings[0]!.footprint.coordinates[0]!;
    expect(ring).toHaveLength(5);
    expect(ring[4]).toEqual(ring[0]);
    expect(body.buildings[0]).toMatchObject({ name: 'Haus A', levels: 2, storeyHeight: 3 });
  });
});
