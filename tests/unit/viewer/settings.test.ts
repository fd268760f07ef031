import { DEFAULT_VIEWER_SETTINGS, parseViewerSettings, viewerSettingsKey } from '@/lib/shared/viewer/settings';
import { lengthUnitOf, UNIT_SYMBOLS } from '@/lib/shared/viewer/units';

describe('viewer settings', () => {
  it('defaults to a budget of one million points, adaptive sizing, RGB and EDL on', () => {
    expect(DEFAULT_VIEWER_SETTINGS).toMatchObject({ pointBudget: 1_000_000, pointSizing: 'adaptive', theme: 'rgb', edl: true, highQuality: false, opacity: 1 });
  });

  it('keeps stored values that fit and replaces only the ones that do not', () => {
    const parsed = parseViewerSettings({ pointBudget: 200_000, theme: 'elevation', opacity: 7, pointSizing: 'huge', unknown: true });
    expect(parsed).toMatchObject({ pointBudget: 200_000, theme: 'elevation', opacity: 1, pointSizing: 'adaptive' });
    expect(parsed).not.toHaveProperty('unknown');
  });

  it('reads anything that is not an object as the defaults', () => {
    expect(parseViewerSettings(null)).toEqual(DEFAULT_VIEWER_SETTINGS);
    expect(parseViewerSettings('{')).toEqual(DEFAULT_VIEWER_SETTINGS);
  });

  it('remembers them per user', () => {
    expect(viewerSettingsKey('a')).not.toBe(viewerSettingsKey('b'));
  });
});

describe('units from the CRS', () => {
  it("uses the cloud's unit as the converter wrote it, metres when unknown", () => {
    expect(lengthUnitOf({ crs: { epsg: 25832, units: 'm' } })).toBe('m');
    expect(lengthUnitOf({ crs: { epsg: 2263, units: 'us-ft' } })).toBe('us-ft');
    expect(lengthUnitOf({ crs: null })).toBe('m');
    expect(lengthUnitOf(undefined)).toBe('m');
    expect(UNIT_SYMBOLS['us-ft'].length).toBe('ft (US)');
  });
});
