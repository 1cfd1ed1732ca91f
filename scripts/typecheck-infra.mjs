#!/usr/bin/env node
/**
 * `npm run typecheck:infra`: type-check sst.config.ts and infra/ against SST's
 * platform types.
 *
 * 1. SST's types live in .sst/platform, written by `sst install` (providers
 *    from npm, ~40 s, ~320 MB). Install them when they are missing.
 * 2. Run tsc on infra/tsconfig.json.
 *
 * SST ships its platform as TypeScript sources, which tsc checks as part of
 * the program, and those sources do not compile under our
 * `noUncheckedIndexedAccess` (~130 errors, all inside .sst/platform). So the
 * diagnostics located in .sst/ are counted and reported in one line, and only
 * the others (our files, or diagnostics without a file, such as a broken
 * tsconfig) decide the exit code.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const platformTypes = join(root, '.sst', 'platform', 'config.d.ts');
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';

if (existsSync(platformTypes)) {
  console.log('[typecheck:infra] SST platform types found in .sst/platform');
} else {
  console.log(
    '[typecheck:infra] .sst/platform missing: running `sst install --stage dev` (about 40 s, 320 MB)',
  );
  const install = spawnSync(npx, ['sst', 'install', '--stage', 'dev'], {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      SST_NO_BUN: '1',
      SST_SKIP_DEPENDENCY_CHECK: '1',
      SST_TELEMETRY_DISABLED: '1',
    },
  });
  if (install.error || install.status !== 0 || !existsSync(platformTypes)) {
    const reason = install.error ? install.error.message : `exit code ${install.status ?? install.signal}`;
    console.error(
      `[typecheck:infra] FAILED: \`sst install\` did not produce .sst/platform/config.d.ts (${reason}).`,
    );
    process.exit(1);
  }
}

console.log('[typecheck:infra] running `tsc -p infra/tsconfig.json`');
const tsc = spawnSync(npx, ['tsc', '-p', 'infra/tsconfig.json', '--pretty', 'false'], {
  cwd: root,
  stdio: ['ignore', 'pipe', 'inherit'],
  encoding: 'utf8',
  maxBuffer: 64 * 1024 * 1024,
});
if (tsc.error) {
  console.error(`[typecheck:infra] FAILED: could not run tsc (${tsc.error.message}).`);
  process.exit(1);
}

// With --pretty false each diagnostic starts at column 0, as
// `path(line,col): error TSnnnn: ...` or `error TSnnnn: ...`, and its
// elaboration lines are indented.
const diagnostics = [];
for (const line of tsc.stdout.split(/\r?\n/)) {
  if (line === '') continue;
  if (/^\s/.test(line) && diagnostics.length > 0) {
    diagnostics[diagnostics.length - 1].push(line);
  } else {
    diagnostics.push([line]);
  }
}
const isSstInternal = (diagnostic) => /^\.sst[\\/]/.test(diagnostic[0]);
const sstInternal = diagnostics.filter(isSstInternal);
const ours = diagnostics.filter((diagnostic) => !isSstInternal(diagnostic));

for (const diagnostic of ours) console.log(diagnostic.join('\n'));
if (sstInternal.length > 0) {
  console.log(
    `[typecheck:infra] ignored ${sstInternal.length} diagnostics inside SST's own sources (.sst/platform; see the header of this script)`,
  );
}

if (ours.length > 0) {
  console.error(`[typecheck:infra] FAILED: ${ours.length} error(s) in sst.config.ts / infra / core`);
  process.exit(1);
}
if (tsc.status !== 0 && diagnostics.length === 0) {
  console.error(`[typecheck:infra] FAILED: tsc exited with ${tsc.status ?? tsc.signal} without diagnostics`);
  process.exit(tsc.status || 1);
}
console.log('[typecheck:infra] OK');
