import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * docs/deploy.md is the owner's only guide to the settings (issue 31): every environment variable
 * core/src/config.ts reads is named there, with its default or as set by the deploy or local only.
 * A setting added to config.ts without a line in the guide fails here.
 */
const read = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8');
/** The config module: config.ts, the environment's names (config-env.ts) and the third parties' part (config-providers.ts). */
const configSource = () => ['./config.ts', './config-env.ts', './config-providers.ts'].map(read).join('\n');

/** Every `env.NAME` the config module reads. */
function variablesRead(source: string): string[] {
  return [...new Set([...source.matchAll(/\benv\.([A-Z][A-Z0-9_]*)/g)].map((match) => match[1]!))].sort();
}

describe('docs/deploy.md', () => {
  const guide = read('../../docs/deploy.md');
  const names = variablesRead(configSource());

  it('names every variable core/src/config.ts reads', () => {
    expect(names.length).toBeGreaterThan(40);
    expect(names.filter((name) => !new RegExp(`\\b${name}\\b`).test(guide))).toEqual([]);
  });

  it('fails for a variable it does not name', () => {
    const added = variablesRead(`${configSource()}\nconst x = env.SOME_NEW_SETTING;`);
    expect(added.filter((name) => !new RegExp(`\\b${name}\\b`).test(guide))).toEqual(['SOME_NEW_SETTING']);
  });
});
