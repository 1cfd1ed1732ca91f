import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

/**
 * What the API function installs at deploy time (`nodejs.install`, infra/api.ts) is the sharp the
 * tests ran (decision 085): an exact version in functions/package.json, the one installed here, the
 * one the whole tree is held to, and the one infra/api.ts passes on.
 */
const root = new URL('../../../', import.meta.url);
const json = (path: string) => JSON.parse(readFileSync(new URL(path, root), 'utf8'));

describe('sharp on Lambda', () => {
  const pinned: string = json('functions/package.json').dependencies.sharp;

  it('is pinned to the version installed for the tests', () => {
    expect(pinned).toMatch(/^\d+\.\d+\.\d+$/);
    // The copy the tests load (sharp's exports do not offer its package.json to require).
    const entry = createRequire(new URL('functions/package.json', root)).resolve('sharp');
    const installed = JSON.parse(readFileSync(new URL('../package.json', `file://${entry}`), 'utf8')).version;
    expect(installed).toBe(pinned);
    expect(json('package.json').overrides.sharp).toBe(pinned);
  });

  it('is what infra/api.ts installs into the function', () => {
    const api = readFileSync(new URL('infra/api.ts', root), 'utf8');
    expect(api).toContain("readFileSync('functions/package.json', 'utf8')).dependencies.sharp");
    expect(api).toMatch(/install: \{ sharp: sharpVersion \}/);
  });
});
