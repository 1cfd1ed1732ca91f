import { createRequire } from 'node:module';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Lru } from './lru';
import {
  type DriveFactors,
  estimateMinutes,
  miles,
  minutesFromSeconds,
  type Point,
  roundUpToFive,
} from './model';
import { fiveDigitZip, zipCentroid } from './zip';
import { ZIP_COUNT } from './zip-data';

/** The drive model, the ZIP table, the service area and trip fee (issue 20, decision 065). */
const factors: DriveFactors = { driveDetourFactor: 1.3, driveAverageMph: 30, driveFloorMinutes: 10 };
const westChester: Point = { lat: 39.9607, lng: -75.6055 };
/** Degrees of latitude per mile on the model's sphere. */
const DEGREES_PER_MILE = 180 / (Math.PI * 3958.8);
const north = (from: Point, distance: number): Point => ({
  lat: from.lat + distance * DEGREES_PER_MILE,
  lng: from.lng,
});

describe('the drive estimate', () => {
  it('is great-circle miles × detour ÷ speed, rounded up to 5 minutes', () => {
    expect(miles(westChester, north(westChester, 10))).toBeCloseTo(10, 6);
    // 10 miles × 1.3 = 13 road miles at 30 mph: 26 minutes → 30.
    expect(estimateMinutes(westChester, north(westChester, 10), factors)).toBe(30);
    // 25 miles: 65 minutes exactly stays 65.
    expect(estimateMinutes(westChester, north(westChester, 25), factors)).toBe(65);
    expect(estimateMinutes(westChester, north(westChester, 25.1), factors)).toBe(70);
    // Philadelphia's City Hall is about 23 miles from the base.
    expect(miles(westChester, { lat: 39.9526, lng: -75.1652 })).toBeCloseTo(23.4, 0);
  });

  it('never goes under the floor, and the same place is no drive', () => {
    expect(estimateMinutes(westChester, north(westChester, 1), factors)).toBe(10);
    expect(estimateMinutes(westChester, north(westChester, 1), { ...factors, driveFloorMinutes: 0 })).toBe(5);
    expect(estimateMinutes(westChester, westChester, factors)).toBe(0);
    expect(estimateMinutes(westChester, north(westChester, 0.005), factors)).toBe(0);
  });

  it('is symmetric and follows the settings', () => {
    const far = { lat: 40.25, lng: -75.1 };
    expect(estimateMinutes(westChester, far, factors)).toBe(estimateMinutes(far, westChester, factors));
    const slower = estimateMinutes(westChester, far, { ...factors, driveAverageMph: 20 });
    expect(slower).toBeGreaterThan(estimateMinutes(westChester, far, factors));
  });

  it("turns a provider's seconds into minutes the same way", () => {
    expect(minutesFromSeconds(0, factors)).toBe(0);
    expect(minutesFromSeconds(1, factors)).toBe(10);
    expect(minutesFromSeconds(600, factors)).toBe(10);
    expect(minutesFromSeconds(601, factors)).toBe(15);
    expect(minutesFromSeconds(1801, factors)).toBe(35);
    expect(roundUpToFive(0)).toBe(0);
    expect(roundUpToFive(41)).toBe(45);
  });

  it('does not depend on the date: the same on a DST change day as on any other', () => {
    const far = north(westChester, 17);
    const answers = ['2026-03-08T06:30:00Z', '2026-11-01T05:30:00Z', '2026-07-01T12:00:00Z'].map((at) => {
      vi.useFakeTimers({ now: new Date(at) });
      return estimateMinutes(westChester, far, factors);
    });
    vi.useRealTimers();
    expect(new Set(answers).size).toBe(1);
  });
});

describe('the ZIP table', () => {
  it('reads five-digit ZIPs and ZIP+4, nothing else', async () => {
    expect(fiveDigitZip(' 19380 ')).toBe('19380');
    expect(fiveDigitZip('19380-1234')).toBe('19380');
    for (const bad of ['1938', '193801', 'abcde', '19380-12', '', '19380 x'])
      expect(fiveDigitZip(bad)).toBeNull();
    expect(await zipCentroid('00000')).toBeNull();
    expect(await zipCentroid('nope')).toBeNull();
  });

  it('holds every US ZIP of the zipcodes data set, each within 0.005° of its centroid', async () => {
    const require = createRequire(import.meta.url);
    const { codes } = require('zipcodes/lib/codes.js') as {
      codes: Record<string, { zip: string; latitude: number; longitude: number; country: string }>;
    };
    const us = Object.values(codes).filter((code) => code.country === 'US');
    expect(us).toHaveLength(ZIP_COUNT);
    const all = await Promise.all(us.map((code) => zipCentroid(code.zip)));
    const off = us.filter((code, index) => {
      const found = all[index];
      return (
        !found ||
        Math.abs(found.lat - code.latitude) > 0.0051 ||
        Math.abs(found.lng - code.longitude) > 0.0051
      );
    });
    expect(off.map((code) => code.zip)).toEqual([]);
  });
});

describe('the bounded cache', () => {
  it('forgets the least recently used entry when full', () => {
    const cache = new Lru<string, number>(2);
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1);
    cache.set('c', 3);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(1);
    expect(cache.get('c')).toBe(3);
    expect(cache.size).toBe(2);
  });
});

describe('the service area and the trip fee (settings)', () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
    vi.resetModules();
  });

  async function withSettings(settings: Record<string, string>) {
    vi.resetModules();
    process.env = {
      ...saved,
      APP_MODE: 'local',
      TABLE_NAME: 'table',
      BUCKET_NAME: 'bucket',
      MAIL_FROM: 'no-reply@example.com',
      BUSINESS_EMAIL: 'shop@example.com',
      PUBLIC_URL: 'http://localhost:3000',
      JWT_SECRET: 'x'.repeat(32),
      DYNAMODB_ENDPOINT: 'http://127.0.0.1:1',
      S3_ENDPOINT: 'http://127.0.0.1:1',
      SES_ENDPOINT: 'http://127.0.0.1:1',
      GEO_PLACES_ENDPOINT: 'http://127.0.0.1:1',
      GEO_ROUTES_ENDPOINT: 'http://127.0.0.1:1',
      SMS_ENDPOINT: 'http://127.0.0.1:1',
      SQUARE_BASE_URL: 'http://127.0.0.1:1',
      ...settings,
    };
    const [{ Geo }, model] = await Promise.all([import('./index'), import('./model')]);
    return { Geo, tripFeeCents: model.tripFeeCents };
  }

  it('by default: 25 miles around West Chester, no trip fee', async () => {
    const { Geo } = await withSettings({});
    const base = Geo.base();
    expect(Geo.area(north(base, 24.9), '19000')).toEqual({ served: true, miles: 24.9, tripFeeCents: 0 });
    expect(Geo.area(north(base, 25), '19000')).toMatchObject({ served: true, miles: 25 });
    expect(Geo.area(north(base, 25.2), '19000')).toEqual({ served: false, miles: 25.2, tripFeeCents: 0 });
    expect(Geo.messages.outside('10001')).toContain('25 miles around West Chester, PA');
  });

  it('another base and radius', async () => {
    const { Geo } = await withSettings({
      SHOP_BASE_CITY: 'Lancaster',
      SHOP_BASE_LAT: '40.0379',
      SHOP_BASE_LNG: '-76.3055',
      SERVICE_RADIUS_MILES: '10',
    });
    expect(Geo.base()).toEqual({ lat: 40.0379, lng: -76.3055, approximate: false });
    expect(Geo.area((await zipCentroid('17601'))!, '17601').served).toBe(true);
    expect(Geo.area((await zipCentroid('19380'))!, '19380').served).toBe(false);
    expect(Geo.messages.outside('19380')).toContain('10 miles around Lancaster');
  });

  it('with a served-ZIP list, the list decides, whatever the distance', async () => {
    const { Geo } = await withSettings({ SERVED_ZIP_CODES: '19380, 19382,17601' });
    expect(Geo.area((await zipCentroid('19382'))!, '19382-4411').served).toBe(true);
    expect(Geo.area((await zipCentroid('17601'))!, '17601').served).toBe(true);
    // Malvern is 8 miles from the base but not on the list.
    expect(Geo.area((await zipCentroid('19355'))!, '19355')).toMatchObject({
      served: false,
      tripFeeCents: 0,
    });
  });

  it('trip-fee bands: the first band that reaches the distance; none outside the area', async () => {
    const { Geo, tripFeeCents } = await withSettings({ TRIP_FEE_BANDS: '25:2500, 10:0' });
    expect([0, 9.9, 10, 10.1, 24.9, 25, 26].map(tripFeeCents)).toEqual([0, 0, 0, 2500, 2500, 2500, 0]);
    const base = Geo.base();
    expect(Geo.area(north(base, 5), '19380').tripFeeCents).toBe(0);
    expect(Geo.area(north(base, 15), '19380').tripFeeCents).toBe(2500);
    expect(Geo.area(north(base, 30), '19380')).toMatchObject({ served: false, tripFeeCents: 0 });
  });

  it('refuses malformed trip-fee bands by name', async () => {
    for (const bands of ['10', '10:abc', '-5:100', '10:12.5']) {
      await expect(withSettings({ TRIP_FEE_BANDS: bands }).then(({ Geo }) => Geo.base())).rejects.toThrow(
        /TRIP_FEE_BANDS must be upToMiles:cents pairs/,
      );
    }
  });
});
