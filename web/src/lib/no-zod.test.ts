import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Zod stays out of the browser (decision 003, decision 116): the pages' CSP forbids eval, and zod
 * probes for it (`new Function`), which the browser reports as a violation. The web may import
 * core's zod-free modules (rules/fields.ts, workorder/inspection/terms.ts...) and only types from
 * a module with schemas. This follows every import the web's code keeps at run time, through core,
 * and names the path by which zod would arrive.
 */
const here = dirname(fileURLToPath(import.meta.url));
const webSrc = resolve(here, '..');
const coreSrc = resolve(here, '../../../core/src');

/** Imports and re-exports kept at run time: `import type` / `export type` are erased. */
const IMPORT = /^\s*(?:import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;

function runtimeImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(IMPORT)].filter((m) => !m[1]).map((m) => m[2]!);
}

function resolveModule(from: string, spec: string): string | undefined {
  const base = spec.startsWith('@app/core/')
    ? join(coreSrc, spec.slice('@app/core/'.length))
    : spec.startsWith('.')
      ? resolve(dirname(from), spec)
      : undefined;
  if (!base) return undefined;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')])
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  return undefined;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The first chain of run-time imports from `start` that reaches zod, or undefined. */
function pathToZod(start: string, seen: Set<string>): string[] | undefined {
  if (seen.has(start)) return undefined;
  seen.add(start);
  for (const spec of runtimeImports(start)) {
    if (spec === 'zod' || spec.startsWith('zod/')) return [start, spec];
    const next = resolveModule(start, spec);
    // The web's own modules are checked as starts of their own; only core is followed here.
    if (!next || !next.startsWith(coreSrc)) continue;
    const chain = pathToZod(next, seen);
    if (chain) return [start, ...chain];
  }
  return undefined;
}

describe('the web bundle', () => {
  it('imports no module of core that brings zod at run time', () => {
    const seen = new Set<string>();
    const chains = sourceFiles(webSrc)
      .map((file) => pathToZod(file, seen))
      .filter((chain) => chain !== undefined)
      .map((chain) =>
        chain.map((step) => (step.startsWith('/') ? relative(resolve(webSrc, '../..'), step) : step)),
      );
    expect(chains).toEqual([]);
  });
});
