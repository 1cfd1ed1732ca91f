import { batchGetItems, type Key, type KeyReader } from './entity';

/**
 * Reads by key gathered into one BatchGetItem (decision 112): every `get` and
 * `getMany` given the batch before the next turn of the event loop is read in
 * one request (strongly consistent); each caller gets the items under its
 * own keys. For a page's read of items from several entities known by key at
 * about the same time (availability: the saved address, the crew's days, the
 * BOOKED guards).
 */
export class KeyBatch implements KeyReader {
  private waiting: {
    keys: Key[];
    resolve: (raws: Record<string, unknown>[]) => void;
    reject: (error: unknown) => void;
  }[] = [];

  get(keys: Key[]): Promise<Record<string, unknown>[]> {
    if (keys.length === 0) return Promise.resolve([]);
    return new Promise((resolve, reject) => {
      if (this.waiting.length === 0) setImmediate(() => void this.flush());
      this.waiting.push({ keys, resolve, reject });
    });
  }

  private async flush(): Promise<void> {
    const waiting = this.waiting;
    this.waiting = [];
    const id = (key: Record<string, unknown>) => `${String(key.pk)}\u0000${String(key.sk)}`;
    const unique = new Map(waiting.flatMap((w) => w.keys.map((key) => [id(key), key] as const)));
    try {
      const found = new Map((await batchGetItems([...unique.values()])).map((raw) => [id(raw), raw]));
      for (const w of waiting) {
        w.resolve(
          w.keys.flatMap((key): Record<string, unknown>[] =>
            found.has(id(key)) ? [found.get(id(key)) as Record<string, unknown>] : [],
          ),
        );
      }
    } catch (error) {
      for (const w of waiting) w.reject(error);
    }
  }
}
