import type { Entity } from './entity';

type Raw = Record<string, unknown>;

/**
 * Adds `entries` to the map attribute `map` of one item with a single
 * UpdateItem (`SET #map.#k = :v, ...` for those entries only, and every other
 * attribute of `fresh`), as long as the map then holds at most `atMost`
 * entries. When the item is absent, or its map is too full to take them, the
 * item becomes `fresh` (whose map holds just these entries): a bounded map
 * that starts over when full. A write that loses a race with another one is
 * tried again (three rounds); false when none held.
 */
export async function setMapEntries<Rec extends Raw, K extends Partial<Rec>>(
  entity: Pick<Entity<Rec, K>, 'update' | 'item' | 'key'>,
  id: K,
  options: { map: keyof Rec & string; entries: Record<string, unknown>; atMost: number; fresh: Rec },
): Promise<boolean> {
  const count = Object.keys(options.entries).length;
  if (count === 0) return true;
  const { pk: _pk, sk: _sk, [options.map]: _map, ...others } = entity.item(options.fresh);
  const names: Record<string, string> = { '#map': options.map };
  const values: Record<string, unknown> = { ':room': options.atMost - count };
  const set: string[] = [];
  Object.entries(others).forEach(([name, value], i) => {
    names[`#a${i}`] = name;
    values[`:a${i}`] = value;
    set.push(`#a${i} = :a${i}`);
  });
  const entryNames: Record<string, string> = {};
  const entryValues: Record<string, unknown> = {};
  const entrySet = Object.entries(options.entries).map(([key, value], i) => {
    entryNames[`#e${i}`] = key;
    entryValues[`:e${i}`] = value;
    return `#map.#e${i} = :e${i}`;
  });
  for (let round = 0; round < 3; round += 1) {
    const added = await entity.update(id, {
      UpdateExpression: `SET ${[...entrySet, ...set].join(', ')}`,
      ConditionExpression: 'size(#map) <= :room',
      ExpressionAttributeNames: { ...names, ...entryNames },
      ExpressionAttributeValues: { ...values, ...entryValues },
    });
    if (added) return true;
    const replaced = await entity.update(id, {
      UpdateExpression: `SET ${['#map = :map', ...set].join(', ')}`,
      ConditionExpression: 'attribute_not_exists(#map) OR size(#map) > :room',
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: { ...values, ':map': options.entries },
    });
    if (replaced) return true;
  }
  return false;
}
