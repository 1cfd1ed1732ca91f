import { inflateRawSync } from 'node:zlib';
import type { Point } from './model';

/**
 * US ZIP-code centroids (decision 065), from the compact table that
 * core/scripts/geo-zip-data.ts generates out of the `zipcodes` data set:
 * loaded on the first lookup (a chunk of its own in the Lambda bundle: 134 KB
 * that a cold start does not parse) and decoded into three typed arrays
 * (about 0.3 MB); each lookup is then a binary search.
 */
type Table = { count: number; zips: Int32Array; lats: Int16Array; lngs: Int16Array };

let loading: Promise<Table> | undefined;

function decode(ZIP_COUNT: number, ZIP_DATA: string): Table {
  const bytes = inflateRawSync(Buffer.from(ZIP_DATA, 'base64'));
  const decoded: Table = {
    count: ZIP_COUNT,
    zips: new Int32Array(ZIP_COUNT),
    lats: new Int16Array(ZIP_COUNT),
    lngs: new Int16Array(ZIP_COUNT),
  };
  let offset = 0;
  const varint = () => {
    let unsigned = 0;
    let factor = 1;
    let byte: number;
    do {
      byte = bytes[offset++] ?? 0;
      unsigned += (byte & 0x7f) * factor;
      factor *= 0x80;
    } while (byte & 0x80);
    return unsigned % 2 === 0 ? unsigned / 2 : -(unsigned + 1) / 2;
  };
  let zip = 0;
  let lat = 0;
  let lng = 0;
  for (let index = 0; index < ZIP_COUNT; index++) {
    zip += varint();
    lat += varint();
    lng += varint();
    decoded.zips[index] = zip;
    decoded.lats[index] = lat;
    decoded.lngs[index] = lng;
  }
  return decoded;
}

/** The five-digit ZIP at the start of `zipCode` (a ZIP+4 too), or null. */
export function fiveDigitZip(zipCode: string): string | null {
  return /^(\d{5})(?:-\d{4})?$/.exec(zipCode.trim())?.[1] ?? null;
}

/** A US ZIP code's centroid from the shipped data set, or null when the ZIP is malformed or unknown. */
export async function zipCentroid(zipCode: string): Promise<Point | null> {
  const five = fiveDigitZip(zipCode);
  if (!five) return null;
  loading ??= import('./zip-data').then(({ ZIP_COUNT, ZIP_DATA }) => decode(ZIP_COUNT, ZIP_DATA));
  const table = await loading;
  const wanted = Number(five);
  let low = 0;
  let high = table.count - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const found = table.zips[middle] ?? 0;
    if (found === wanted) {
      return { lat: (table.lats[middle] ?? 0) / 100, lng: (table.lngs[middle] ?? 0) / 100 };
    }
    if (found < wanted) low = middle + 1;
    else high = middle - 1;
  }
  return null;
}
