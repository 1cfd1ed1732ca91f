import { describe, expect, it } from 'vitest';
import { cycles, fileGraph, folderGraph, folderOf, scanImports } from './imports';

/**
 * A small core: folders a ↔ b only through a type (a file cycle and a folder
 * cycle that vanish at run time), c's two files in a cycle inside one folder
 * (no folder cycle), d → e → f → d at run time (one cycle of three folders,
 * reached through an index file, an alias and a dynamic import), and an
 * import that is only text in a comment.
 */
const fixture: Record<string, string> = {
  'core/src/config.ts': `export const setting = 1;`,
  'core/src/a/one.ts': `import { two } from '../b/two';\nexport const one = two + 1;\nexport type One = number;`,
  'core/src/b/two.ts': `import type { One } from '../a/one';\nexport const two = 2;\nexport const typed: One = 2;`,
  'core/src/c/x.ts': `import { y } from './y';\nexport const x = () => y();`,
  'core/src/c/y.ts': `import { x } from './x';\nexport const y = () => x();`,
  'core/src/d/index.ts': `export { p } from './p';`,
  'core/src/d/p.ts': `import { setting } from '../config';\nimport { q } from '../e/q';\nexport const p = q + setting;`,
  'core/src/e/q.ts': `// import { nothing } from '../c/x';\nexport const q = 1;\nexport const later = () => import('@app/core/f/r');`,
  'core/src/f/r.ts': `import { type P, p } from '../d';\nimport * as z from 'zod';\nexport const r = p; export { z }; export type { P };`,
};

describe('the import scan', () => {
  it('tells type-only imports from runtime ones and skips what only looks like an import', () => {
    expect(scanImports('b.ts', fixture['core/src/b/two.ts'] ?? '')).toEqual([
      { specifier: '../a/one', typeOnly: true },
    ]);
    expect(
      scanImports('r.ts', `import { type A, type B } from './t';\nexport type { C } from './u';`),
    ).toEqual([
      { specifier: './t', typeOnly: true },
      { specifier: './u', typeOnly: true },
    ]);
    expect(
      scanImports('r.ts', `import { type A, b } from './t';\nimport './side';\nexport * from './v';`),
    ).toEqual([
      { specifier: './t', typeOnly: false },
      { specifier: './side', typeOnly: false },
      { specifier: './v', typeOnly: false },
    ]);
    expect(scanImports('e.ts', fixture['core/src/e/q.ts'] ?? '')).toEqual([
      { specifier: '@app/core/f/r', typeOnly: false },
    ]);
  });

  it('resolves relative paths, index files and aliases, and ignores packages', () => {
    const edges = fileGraph(fixture, { '@app/core/': 'core/src/' });
    const arrows = edges.map((e) => `${e.from} -> ${e.to}${e.typeOnly ? ' (type)' : ''}`).sort();
    expect(arrows).toEqual([
      'core/src/a/one.ts -> core/src/b/two.ts',
      'core/src/b/two.ts -> core/src/a/one.ts (type)',
      'core/src/c/x.ts -> core/src/c/y.ts',
      'core/src/c/y.ts -> core/src/c/x.ts',
      'core/src/d/index.ts -> core/src/d/p.ts',
      'core/src/d/p.ts -> core/src/config.ts',
      'core/src/d/p.ts -> core/src/e/q.ts',
      'core/src/e/q.ts -> core/src/f/r.ts',
      'core/src/f/r.ts -> core/src/d/index.ts',
    ]);
  });

  it('finds the file cycles and the folder cycles, with and without type-only arrows', () => {
    const files = fileGraph(fixture, { '@app/core/': 'core/src/' });
    expect(cycles(files)).toEqual([
      ['core/src/d/index.ts', 'core/src/d/p.ts', 'core/src/e/q.ts', 'core/src/f/r.ts'],
      ['core/src/a/one.ts', 'core/src/b/two.ts'],
      ['core/src/c/x.ts', 'core/src/c/y.ts'],
    ]);
    expect(cycles(files, { runtimeOnly: true })).toEqual([
      ['core/src/d/index.ts', 'core/src/d/p.ts', 'core/src/e/q.ts', 'core/src/f/r.ts'],
      ['core/src/c/x.ts', 'core/src/c/y.ts'],
    ]);
    const folders = folderGraph(files, 'core/src');
    expect(cycles(folders)).toEqual([
      ['d', 'e', 'f'],
      ['a', 'b'],
    ]);
    expect(cycles(folders, { runtimeOnly: true })).toEqual([['d', 'e', 'f']]);
  });

  it('names a top-level file as its own room', () => {
    expect(folderOf('core/src/config.ts', 'core/src')).toBe('config.ts');
    expect(folderOf('core/src/booking/claim.ts', 'core/src/')).toBe('booking');
  });

  it('a graph without cycles has none, however long', () => {
    const chain = Array.from({ length: 5000 }, (_, i) => ({
      from: `f${i}`,
      to: `f${i + 1}`,
      typeOnly: false,
    }));
    expect(cycles(chain)).toEqual([]);
    expect(cycles([...chain, { from: 'f5000', to: 'f0', typeOnly: false }])[0]).toHaveLength(5001);
  });
});
