// @ts-check
import { posix } from 'node:path';
import ts from 'typescript';

/**
 * The import graph that `npm run measure` draws (issue 32): files and the
 * relative imports between them, read with the TypeScript parser (so a
 * string or comment that looks like an import is not one), and the cycles in
 * it at file and at folder level.
 */

/**
 * A module a file names. `typeOnly`: erased at run time (`import type …`,
 * `export type … from`, or every named specifier marked `type`:
 * `import { type A, type B } from`).
 * @typedef {{ specifier: string; typeOnly: boolean }} Import
 */

/**
 * An arrow of the graph: `from` imports `to`; `typeOnly` when every import of it is.
 * @typedef {{ from: string; to: string; typeOnly: boolean }} Edge
 */

/**
 * Every module a file names: static imports, re-exports and dynamic `import('…')` with a literal.
 * @param {string} fileName
 * @param {string} text
 * @returns {Import[]}
 */
export function scanImports(fileName, text) {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, kindOf(fileName));
  /** @type {Import[]} */
  const found = [];
  /** @param {ts.Node} node */
  const visit = (node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push({ specifier: node.moduleSpecifier.text, typeOnly: importIsTypeOnly(node) });
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      found.push({ specifier: node.moduleSpecifier.text, typeOnly: exportIsTypeOnly(node) });
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      found.push({ specifier: node.arguments[0].text, typeOnly: false });
    } else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    ) {
      // `typeof import('./x')` in a type position.
      found.push({ specifier: node.argument.literal.text, typeOnly: true });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** @param {string} fileName */
function kindOf(fileName) {
  return fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
}

/** @param {ts.ImportDeclaration} node */
function importIsTypeOnly(node) {
  const clause = node.importClause;
  if (!clause) return false; // `import './x'`: a side effect.
  if (clause.isTypeOnly) return true;
  if (clause.name) return false; // a default import
  const bindings = clause.namedBindings;
  if (!bindings || ts.isNamespaceImport(bindings)) return false;
  return bindings.elements.length > 0 && bindings.elements.every((element) => element.isTypeOnly);
}

/** @param {ts.ExportDeclaration} node */
function exportIsTypeOnly(node) {
  if (node.isTypeOnly) return true;
  const clause = node.exportClause;
  if (!clause || !ts.isNamedExports(clause)) return false; // `export * from`, `export * as X from`
  return clause.elements.length > 0 && clause.elements.every((element) => element.isTypeOnly);
}

/**
 * The file-level graph of relative imports among `files` (path → text, paths
 * relative to one root and written with '/'). `aliases` maps a package prefix
 * to a folder under that root (`{ '@app/core/': 'core/src/' }`); other bare
 * specifiers (packages) are not edges. A file imported both ways has one edge,
 * type-only only when every import of it is.
 * @param {Record<string, string>} files
 * @param {Record<string, string>} [aliases]
 * @returns {Edge[]}
 */
export function fileGraph(files, aliases = {}) {
  /** @type {Map<string, Edge>} */
  const edges = new Map();
  for (const [from, text] of Object.entries(files)) {
    for (const { specifier, typeOnly } of scanImports(from, text)) {
      const to = resolveImport(from, specifier, files, aliases);
      if (!to || to === from) continue;
      const key = `${from}\0${to}`;
      const seen = edges.get(key);
      edges.set(key, { from, to, typeOnly: (seen?.typeOnly ?? true) && typeOnly });
    }
  }
  return [...edges.values()];
}

const EXTENSIONS = ['.ts', '.tsx', '.d.ts', '/index.ts', '/index.tsx'];

/**
 * The file among `files` that `specifier`, written in `from`, names (undefined: a package, or no such file).
 * @param {string} from
 * @param {string} specifier
 * @param {Record<string, unknown>} files
 * @param {Record<string, string>} aliases
 * @returns {string | undefined}
 */
export function resolveImport(from, specifier, files, aliases) {
  /** @type {string | undefined} */
  let base;
  if (specifier.startsWith('./') || specifier.startsWith('../')) {
    base = posix.join(posix.dirname(from), specifier);
  } else {
    const prefix = Object.keys(aliases).find((alias) => specifier.startsWith(alias));
    if (prefix !== undefined) base = posix.join(aliases[prefix] ?? '', specifier.slice(prefix.length));
  }
  if (base === undefined) return undefined;
  const stripped = base.replace(/\.(m?js|jsx)$/, '');
  for (const candidate of [base, ...EXTENSIONS.map((ext) => stripped + ext)]) {
    if (candidate in files) return candidate;
  }
  return undefined;
}

/**
 * The room a file stands in: its first folder below `root` (`core/src/booking/claim.ts`
 * → `booking`), or the file itself when it sits in `root` (`core/src/config.ts` → `config.ts`).
 * @param {string} file
 * @param {string} root
 * @returns {string}
 */
export function folderOf(file, root) {
  const rest = file.startsWith(root) ? file.slice(root.length).replace(/^\//, '') : file;
  const slash = rest.indexOf('/');
  return slash === -1 ? rest : rest.slice(0, slash);
}

/**
 * The folder-level graph: an edge between two rooms when any file of one imports any file of the other.
 * @param {readonly Edge[]} edges
 * @param {string} root
 * @returns {Edge[]}
 */
export function folderGraph(edges, root) {
  /** @type {Map<string, Edge>} */
  const folders = new Map();
  for (const edge of edges) {
    const from = folderOf(edge.from, root);
    const to = folderOf(edge.to, root);
    if (from === to) continue;
    const key = `${from}\0${to}`;
    const seen = folders.get(key);
    folders.set(key, { from, to, typeOnly: (seen?.typeOnly ?? true) && edge.typeOnly });
  }
  return [...folders.values()];
}

/**
 * The cycles of a graph, counted as its strongly connected components of two
 * or more nodes (Tarjan): each is a set of nodes every one of which reaches
 * every other, which is what "a cycle of 14 folders" means. Sorted largest
 * first, members sorted. `runtimeOnly` leaves type-only edges out.
 * @param {readonly Edge[]} edges
 * @param {{ runtimeOnly?: boolean }} [options]
 * @returns {string[][]}
 */
export function cycles(edges, options = {}) {
  /** @type {Map<string, string[]>} */
  const next = new Map();
  for (const edge of edges) {
    if (options.runtimeOnly && edge.typeOnly) continue;
    next.set(edge.from, [...(next.get(edge.from) ?? []), edge.to]);
    if (!next.has(edge.to)) next.set(edge.to, []);
  }
  let counter = 0;
  /** @type {Map<string, number>} */
  const index = new Map();
  /** @type {Map<string, number>} */
  const low = new Map();
  /** @type {string[]} */
  const stack = [];
  /** @type {Set<string>} */
  const onStack = new Set();
  /** @type {string[][]} */
  const found = [];

  // Iterative, so a long chain of files cannot overflow the call stack.
  for (const start of [...next.keys()].sort()) {
    if (index.has(start)) continue;
    /** @type {{ node: string; child: number }[]} */
    const work = [{ node: start, child: 0 }];
    index.set(start, counter);
    low.set(start, counter);
    counter += 1;
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      if (!frame) break;
      const children = next.get(frame.node) ?? [];
      if (frame.child < children.length) {
        const child = /** @type {string} */ (children[frame.child]);
        frame.child += 1;
        if (!index.has(child)) {
          index.set(child, counter);
          low.set(child, counter);
          counter += 1;
          stack.push(child);
          onStack.add(child);
          work.push({ node: child, child: 0 });
        } else if (onStack.has(child)) {
          low.set(frame.node, Math.min(low.get(frame.node) ?? 0, index.get(child) ?? 0));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node) ?? 0, low.get(frame.node) ?? 0));
      if (low.get(frame.node) === index.get(frame.node)) {
        /** @type {string[]} */
        const component = [];
        for (;;) {
          const member = /** @type {string} */ (stack.pop());
          onStack.delete(member);
          component.push(member);
          if (member === frame.node) break;
        }
        if (component.length > 1) found.push(component.sort());
      }
    }
  }
  return found.sort((a, b) => b.length - a.length || (a[0] ?? '').localeCompare(b[0] ?? ''));
}

/**
 * The floors of an acyclic graph: a room with no edges out stands on floor 1, every other room one floor above
 * the highest room it imports (docs/architecture.md's picture of core). Rooms in a cycle share the cycle's floor
 * (the cycle counts as one room). Returns floor number → rooms, sorted.
 * @param {readonly Edge[]} edges
 * @param {readonly string[]} rooms every room, also those with no edge
 * @returns {Map<number, string[]>}
 */
export function floors(edges, rooms) {
  /** @type {Map<string, string[]>} */
  const next = new Map(rooms.map((room) => [room, []]));
  for (const edge of edges) {
    if (!next.has(edge.from)) next.set(edge.from, []);
    if (!next.has(edge.to)) next.set(edge.to, []);
    next.get(edge.from)?.push(edge.to);
  }
  /** @type {Map<string, number>} */
  const floor = new Map();
  /** @param {string} room @param {Set<string>} path @returns {number} */
  const floorOf = (room, path) => {
    const known = floor.get(room);
    if (known !== undefined) return known;
    if (path.has(room)) return 0;
    path.add(room);
    const below = (next.get(room) ?? []).map((to) => floorOf(to, path));
    path.delete(room);
    const value = 1 + Math.max(0, ...below);
    floor.set(room, value);
    return value;
  };
  for (const room of next.keys()) floorOf(room, new Set());
  /** @type {Map<number, string[]>} */
  const byFloor = new Map();
  for (const [room, value] of floor) byFloor.set(value, [...(byFloor.get(value) ?? []), room]);
  for (const list of byFloor.values()) list.sort();
  return new Map([...byFloor.entries()].sort((a, b) => b[0] - a[0]));
}
