/**
 * `npm run measure`: issue 32's measures, read from the code as it is in this
 * working tree (nothing guessed, nothing run). Prints a table of the headline
 * figures against their targets, then what each figure is made of. The
 * README's "Architecture measures" section is a copy of this output.
 *
 * What it cannot measure honestly it says so (token redemptions, form and
 * guard styles: patterns, not names a scan can find).
 *
 *   npm run measure            the table and the details
 *   npm run measure -- --brief the table only
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { dueQueues } from './measure/due-queues';
import { cycles, type Edge, fileGraph, floors, folderGraph, folderOf } from './measure/imports';
import { linkMeasures } from './measure/links';
import { webReport } from './measure/web';

const root = fileURLToPath(new URL('..', import.meta.url));
const brief = process.argv.includes('--brief');

/** The files git tracks (and the untracked ones it does not ignore), as they are in the working tree. */
function trackedFiles(): string[] {
  const out = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return out
    .split('\0')
    .filter((file) => file.length > 0)
    .filter((file) => {
      try {
        readFileSync(join(root, file));
        return true;
      } catch {
        return false; // deleted in the working tree
      }
    });
}

const isTest = (file: string) => /\.test\.tsx?$/.test(file);
const isSource = (file: string) => /\.tsx?$/.test(file) && !file.endsWith('.d.ts');
const read = (file: string) => readFileSync(join(root, file), 'utf8');
const lineCount = (text: string) => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);

const files = trackedFiles();
/** core's product code: every non-test TypeScript file under core/src. */
const coreFiles = files.filter((f) => f.startsWith('core/src/') && isSource(f) && !isTest(f));

// ---------------------------------------------------------------- namespaces

type NamespaceCount = { name: string; file: string; names: number; values: number };

/**
 * Every namespace core exports (`export namespace X {}`, `export * as X from`),
 * found with the type checker, and how many names each offers (`X.name`:
 * values and types alike; `values` counts the values only). A namespace
 * re-exported under the same name is counted once.
 */
function namespaces(): NamespaceCount[] {
  const config = ts.getParsedCommandLineOfConfigFile(
    join(root, 'core/tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  );
  if (!config) throw new Error('core/tsconfig.json could not be read');
  const program = ts.createProgram({
    rootNames: coreFiles.map((f) => join(root, f)),
    options: { ...config.options, noEmit: true },
  });
  const checker = program.getTypeChecker();
  const seen = new Map<ts.Symbol, NamespaceCount>();
  for (const file of coreFiles) {
    const source = program.getSourceFile(join(root, file));
    const moduleSymbol = source && checker.getSymbolAtLocation(source);
    if (!moduleSymbol) continue;
    for (const exported of checker.getExportsOfModule(moduleSymbol)) {
      const target = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
      if (!(target.flags & ts.SymbolFlags.Module)) continue;
      // A file's own module symbol is what `export * as X` points at; `export namespace X` is a namespace.
      if (seen.has(target)) continue;
      const members = checker.getExportsOfModule(target);
      const values = members.filter((member) => {
        const resolved = member.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(member) : member;
        return (resolved.flags & ts.SymbolFlags.Value) !== 0;
      });
      seen.set(target, { name: exported.name, file, names: members.length, values: values.length });
    }
  }
  return [...seen.values()].sort((a, b) => b.names - a.names || a.name.localeCompare(b.name));
}

// ---------------------------------------------------------------- cycles

function coreGraph(): Edge[] {
  const texts = Object.fromEntries(coreFiles.map((f) => [f, read(f)]));
  return fileGraph(texts, { '@app/core/': 'core/src/' });
}

// ---------------------------------------------------------------- syntax scans

type Hit = { file: string; line: number };

type Property = {
  name: string;
  /** literal: a string or template at the call site; constant: an UPPER_CASE name; derived: anything else. */
  kind: 'literal' | 'constant' | 'derived';
  /** A template with `${…}`: a composite key written by hand. */
  composed: boolean;
  hit: Hit;
};

/** Object-literal properties with one of `names` in `scanned`, with the value's kind. */
function properties(scanned: readonly string[], names: readonly string[]): Property[] {
  const found: Property[] = [];
  for (const file of scanned) {
    const text = read(file);
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node): void => {
      if (
        (ts.isPropertyAssignment(node) || ts.isShorthandPropertyAssignment(node)) &&
        (ts.isIdentifier(node.name) || ts.isStringLiteral(node.name)) &&
        names.includes(node.name.text)
      ) {
        const value = ts.isPropertyAssignment(node) ? node.initializer : node.name;
        const kind =
          ts.isStringLiteral(value) ||
          ts.isNoSubstitutionTemplateLiteral(value) ||
          ts.isTemplateExpression(value)
            ? 'literal'
            : ts.isIdentifier(value) && /^[A-Z][A-Z0-9_]*$/.test(value.text)
              ? 'constant'
              : 'derived';
        const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
        found.push({
          name: node.name.text,
          kind,
          composed: ts.isTemplateExpression(value),
          hit: { file, line },
        });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

const outsideDb = coreFiles.filter((f) => !f.startsWith('core/src/db/'));

// ---------------------------------------------------------------- sizes

/**
 * Product code: what is deployed. core/src, functions/src without the local
 * stack (functions/src/local: stand-ins for AWS and third parties, never
 * deployed), web/src and infra/; no tests, no generated files.
 */
const productFiles = files.filter(
  (f) =>
    /^(core\/src|functions\/src|web\/src|infra)\//.test(f) &&
    /\.(tsx?|css)$/.test(f) &&
    !isTest(f) &&
    !f.startsWith('functions/src/local/') &&
    !f.endsWith('.gen.ts'),
);
const sized = productFiles
  .map((file) => ({ file, lines: lineCount(read(file)) }))
  .sort((a, b) => b.lines - a.lines);
const over400 = sized.filter((s) => s.lines > 400 && !s.file.endsWith('.css'));
const stylesOver400 = sized.filter((s) => s.lines > 400 && s.file.endsWith('.css'));
/** Web components: every .tsx under web/src (components, features' components and route files). */
const components = sized.filter((s) => s.file.startsWith('web/src/') && s.file.endsWith('.tsx'));
const over200 = components.filter((s) => s.lines > 200);

// ---------------------------------------------------------------- repeated code

type Duplicates = { pairs: number; identical: number; files: number } | string;

/** The `duplicates` command's whole-tree count: pairs sharing six or more lines, and those identical to the letter. */
function duplicates(): Duplicates {
  const run = spawnSync('duplicates', ['--most', '1', '--seconds', '120'], { cwd: root, encoding: 'utf8' });
  if (run.error) return 'not measured: the `duplicates` command is not on PATH';
  const first = run.stdout.split('\n')[0] ?? '';
  if (/^no duplicates/.test(first))
    return { pairs: 0, identical: 0, files: Number(/(\d+) files/.exec(first)?.[1]) };
  const match = /^(\d+) pairs? of places \((\d+) files read\).*?\((\d+) by shape alone/.exec(first);
  if (!match) return `not measured: unexpected answer from duplicates: ${first}`;
  const [, pairs, read, shape] = match.map(Number) as [number, number, number, number];
  const incomplete = run.stdout.includes('incomplete:') ? ' (incomplete: see `duplicates`)' : '';
  if (incomplete) return `not measured${incomplete}`;
  return { pairs, identical: pairs - shape, files: read };
}

// ---------------------------------------------------------------- report

const counted = namespaces();
const booking = counted.find((n) => n.name === 'Booking');
const edges = coreGraph();
const fileCycles = cycles(edges);
const fileCyclesRuntime = cycles(edges, { runtimeOnly: true });
const folders = folderGraph(edges, 'core/src');
const folderCycles = cycles(folders);
const folderCyclesRuntime = cycles(folders, { runtimeOnly: true });
const expressions = properties(outsideDb, ['UpdateExpression', 'ConditionExpression']);
const updates = expressions.filter((e) => e.name === 'UpdateExpression');
const conditions = expressions.filter((e) => e.name === 'ConditionExpression');
const expressionFiles = new Set(expressions.map((e) => e.hit.file));
const keyed = properties(outsideDb, ['partition', 'ownerPk']);
const due = dueQueues(coreFiles, read);
const partitions = keyed.filter((k) => k.name === 'partition');
const owners = keyed.filter((k) => k.name === 'ownerPk');
const handPartitions = partitions.filter((k) => k.kind === 'literal');
const composedPartitions = handPartitions.filter((k) => k.composed);
const constantPartitions = partitions.filter((k) => k.kind === 'constant');
const handOwners = owners.filter((k) => k.kind === 'literal');
const repeated = duplicates();
const links = linkMeasures(coreFiles.map((file) => ({ file, text: read(file) })));
const web = webReport(files, read);

const sizes = (cs: string[][]) =>
  cs.length === 0 ? '0' : `${cs.length} (${cs.map((c) => c.length).join(' + ')})`;
const over45 = counted.filter((n) => n.names > 45);

const rows: [string, string, string][] = [
  ['`Booking` exported names', '≤ 40', booking ? String(booking.names) : 'not found'],
  [
    'core namespaces over 45 names',
    '0',
    over45.length === 0 ? '0' : `${over45.length} (${over45.map((n) => `${n.name} ${n.names}`).join(', ')})`,
  ],
  ['folder cycles in core (folders in each)', '0', sizes(folderCycles)],
  ['… at run time (type-only imports left out)', '0', sizes(folderCyclesRuntime)],
  ['file cycles in core (files in each)', '0', sizes(fileCycles)],
  ['… at run time (type-only imports left out)', '0', sizes(fileCyclesRuntime)],
  [
    '`UpdateExpression` / `ConditionExpression` outside core/src/db',
    '0 / 0',
    `${updates.length} / ${conditions.length} (${expressionFiles.size} files)`,
  ],
  ['hand-typed query partitions / token owners', '0 / 0', `${handPartitions.length} / ${handOwners.length}`],
  [
    'due-queue implementations',
    '1',
    `${due.count}${due.queues.length > 0 ? ` (${due.queues.length} queues on dueWork)` : ''}`,
  ],
  [
    'token redemptions / views (public, in core/src/auth)',
    '1 / 1',
    `${links.redemptions.length} / ${links.views.length}`,
  ],
  ['invitations', '1', String(links.invitations.length)],
  [
    'repeated code, whole tree: pairs (identical)',
    '≤ 200 (≤ 40)',
    typeof repeated === 'string' ? repeated : `${repeated.pairs} (${repeated.identical})`,
  ],
  [
    'product TypeScript files over 400 lines',
    '0',
    over400.length === 0 ? '0' : `${over400.length} (largest ${over400[0]?.lines}, ${over400[0]?.file})`,
  ],
  [
    'product stylesheets over 400 lines',
    '0',
    stylesOver400.length === 0
      ? '0'
      : `${stylesOver400.length} (largest ${stylesOver400[0]?.lines}, ${stylesOver400[0]?.file})`,
  ],
  [
    'web components over 200 lines',
    '0',
    over200.length === 0 ? '0' : `${over200.length} of ${components.length} (largest ${over200[0]?.lines})`,
  ],
  ...web.rows,
];

const out: string[] = [];
out.push('| measure (issue 32) | target | today |', '|---|---|---|');
for (const [name, target, today] of rows) out.push(`| ${name} | ${target} | ${today} |`);

if (!brief) {
  const list = (hits: { hit: Hit }[]) => hits.map(({ hit }) => `${hit.file}:${hit.line}`).join(', ');
  out.push('', '## Namespaces (names reachable as `X.name`, types included; values in brackets)');
  for (const n of counted.slice(0, 12)) out.push(`- ${n.name} ${n.names} (${n.values}) — ${n.file}`);
  out.push(`- … ${counted.length} namespaces in all`);

  out.push(
    '',
    '## Cycles in core/src',
    `Relative and @app/core imports between non-test files (${coreFiles.length} files, ${edges.length} arrows; ` +
      `${edges.filter((e) => e.typeOnly).length} of them type-only). A cycle is a strongly connected set: ` +
      'every member reaches every other. A room is a folder, or a file that sits in core/src itself.',
  );
  for (const c of folderCycles) out.push(`- folders (${c.length}): ${c.join(', ')}`);
  for (const c of fileCycles) {
    const runtime = fileCyclesRuntime.some((r) => c.every((f) => r.includes(f)));
    out.push(`- files (${c.length}${runtime ? '' : ', type-only arrows close it'}): ${c.join(', ')}`);
  }

  out.push(
    '',
    '## Raw expressions outside core/src/db',
    'Object properties named `UpdateExpression` or `ConditionExpression` in core/src outside db/, tests left out.',
  );
  const byFile = new Map<string, number>();
  for (const e of expressions) byFile.set(e.hit.file, (byFile.get(e.hit.file) ?? 0) + 1);
  out.push(
    [...byFile.entries()]
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .map(([file, n]) => `${file.replace('core/src/', '')} ${n}`)
      .join(', '),
  );

  out.push(
    '',
    '## Hand-typed keys',
    'A query partition (`partition:` in a query outside core/src/db) or a link token owner (`ownerPk:`) is ' +
      'hand-typed when the call site writes the key as a string or template literal (`USER#${id}`) instead of ' +
      'taking it from the entity (`entity.key(…).pk`). Partitions through an upper-case constant (one literal, named once) are counted apart.',
    `- partitions, literal (${handPartitions.length}, of which ${composedPartitions.length} compose a key with \`\${…}\`): ${list(handPartitions)}`,
    `- partitions, through a named constant (${constantPartitions.length}): ${list(constantPartitions)}`,
    `- token owners, literal (${handOwners.length}): ${list(handOwners)}`,
  );

  out.push(
    '',
    '## Due queues',
    'The one due queue counts once when core/src/db/due-queue.ts names its queues; a core file outside ' +
      'core/src/db that reads what is due by a time itself (`lessThan`) or leases with its own `leaseUntil` ' +
      'expression counts as one more (the 11-28 review counted 5 by reading).',
    `- on dueWork (${due.queues.length}): ${due.queues.join(', ') || 'none'}`,
    `- of their own (${due.others.length}): ${due.others.map((o) => `${o.file}:${o.line} ${o.why}`).join(', ') || 'none'}`,
  );

  out.push(
    '',
    '## Links',
    'A token redemption is a public function of core/src/auth that uses a token up (writes its use mark, or ' +
      'calls one that does); a view checks one without using it. An invitation is a place that makes a ' +
      "shop-made account's invitation link.",
    `- redemptions (${links.redemptions.length}): ${links.redemptions.join(', ') || 'none'}`,
    `- views (${links.views.length}): ${links.views.join(', ') || 'none'}`,
    `- invitations (${links.invitations.length}): ${links.invitations.map((h) => `${h.file}:${h.line}`).join(', ')}`,
  );
  out.push(...web.details);

  out.push(
    '',
    '## Floors of core',
    'A room (a folder of core/src, or a file in core/src itself) stands one floor above the highest room it imports ' +
      '(type-only imports included); docs/architecture.md §3 draws this.',
    ...[...floors(folders, [...new Set(coreFiles.map((file) => folderOf(file, 'core/src')))])].map(
      ([floor, rooms]) => `- ${String(floor).padStart(2)}: ${rooms.join(', ')}`,
    ),
  );

  out.push('', '## Largest files');
  out.push(
    'Product code: core/src, functions/src without the local stack (functions/src/local: stand-ins, never ' +
      'deployed), web/src and infra/; tests and generated files left out. Lines as `wc -l` counts them.',
    `- product files over 400 lines: ${[...over400, ...stylesOver400].map((s) => `${s.file} ${s.lines}`).join(', ') || 'none'}` +
      `; the next largest: ${sized
        .filter((s) => s.lines <= 400)
        .slice(0, 3)
        .map((s) => `${s.file} ${s.lines}`)
        .join(', ')}`,
  );
  out.push(
    `- web components over 200 lines (${over200.length}): ${over200.map((s) => `${s.file.replace('web/src/', '')} ${s.lines}`).join(', ')}`,
  );
  if (typeof repeated !== 'string') {
    out.push('', `Repeated code: \`duplicates\` over the whole tree (${repeated.files} files read).`);
  }
}

console.log(out.join('\n'));
