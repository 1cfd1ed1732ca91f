import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import local from './no-new-cycles.js';

/**
 * decision 103's rule on a small core written to a temporary folder: a and b
 * import each other (a folder cycle), c's two files import each other (a file
 * cycle inside one folder), d stands alone.
 */
const fixture: Record<string, string> = {
  'core/src/a/one.ts': `import { two } from '../b/two';\nexport const one = two + 1;`,
  'core/src/b/two.ts': `import { three } from '../a/three';\nexport const two = three;`,
  'core/src/a/three.ts': `export const three = 3;`,
  'core/src/c/x.ts': `import { y } from './y';\nexport const x = () => y();`,
  'core/src/c/y.ts': `import { x } from './x';\nexport const y = () => x();`,
  'core/src/d/alone.ts': `import { one } from '../a/one';\nexport const alone = one;`,
};

type Allowed = { folders: string[][]; files: string[][] };

/** The rule's messages for each fixture file, given the allow-list. */
function lint(allowed: Allowed): Record<string, string[]> {
  const cwd = mkdtempSync(join(tmpdir(), 'no-new-cycles-'));
  for (const [file, text] of Object.entries(fixture)) {
    mkdirSync(dirname(join(cwd, file)), { recursive: true });
    writeFileSync(join(cwd, file), text);
  }
  const linter = new Linter({ cwd });
  const config = [
    {
      files: ['**/*.ts'],
      languageOptions: { parser: tseslint.parser },
      plugins: { local },
      rules: { 'local/no-new-cycles': ['error', { root: 'core/src', ...allowed }] },
    },
  ] as Linter.Config[];
  const out: Record<string, string[]> = {};
  for (const file of Object.keys(fixture)) {
    const messages = linter.verify(readFileSync(join(cwd, file), 'utf8'), config, join(cwd, file));
    if (messages.length > 0) out[file] = messages.map((m) => `${m.line}: ${m.message}`);
  }
  return out;
}

describe('local/no-new-cycles', () => {
  it('says nothing while every cycle is one the list allows', () => {
    expect(lint({ folders: [['a', 'b']], files: [['c/x.ts', 'c/y.ts']] })).toEqual({});
  });

  it('fails at the imports of a cycle the list does not name, of folders and of files', () => {
    const found = lint({ folders: [], files: [] });
    expect(Object.keys(found).sort()).toEqual([
      'core/src/a/one.ts',
      'core/src/b/two.ts',
      'core/src/c/x.ts',
      'core/src/c/y.ts',
    ]);
    expect(found['core/src/a/one.ts']?.[0]).toMatch(
      /^1: This import \(a → b\) is part of an import cycle of core's folders that is not allowed: \{ a, b \}/,
    );
    expect(found['core/src/c/x.ts']?.[0]).toMatch(
      /^1: This import is part of an import cycle of files that is not allowed: \{ c\/x\.ts, c\/y\.ts \}/,
    );
  });

  it('fails on an allowed cycle that has shrunk or gone, once, so the list only shrinks', () => {
    const found = lint({
      folders: [['a', 'b', 'd']],
      files: [
        ['c/x.ts', 'c/y.ts'],
        ['a/one.ts', 'a/three.ts'],
      ],
    });
    expect(found).toEqual({
      'core/src/a/one.ts': [
        '1: The allowed folder cycle { a, b, d } (eslint.config.js) is now { a, b }: bring the allow-list down to what is left, so that it cannot come back.',
        '1: The allowed file cycle { a/one.ts, a/three.ts } (eslint.config.js) is gone: bring the allow-list down to what is left, so that it cannot come back.',
      ],
    });
  });
});
