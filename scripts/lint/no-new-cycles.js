// @ts-check
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { cycles, fileGraph, folderGraph, folderOf, resolveImport } from '../measure/imports.js';

/**
 * ESLint rule `local/no-new-cycles` (decision 103): no import cycle among
 * core's folders or files beyond the ones an allow-list names, and the list
 * only shrinks.
 *
 * The graph is the one `npm run measure` draws (scripts/measure/imports.js):
 * every relative or `@app/core/` import between core's non-test files, type-only
 * ones included. A cycle is a strongly connected set (every member reaches every
 * other). The rule reports:
 * - at each import that takes part in a cycle (of folders, or of files) that is
 *   not inside one allowed cycle: a new cycle, or an allowed one grown;
 * - an allowed cycle that is no longer exactly a cycle (cut, or shrunk): the list
 *   must be brought down to what is left, so a cycle once cut cannot come back.
 *
 * Options: `{ root: 'core/src', aliases: { '@app/core/': 'core/src/' }, folders: string[][], files: string[][] }`,
 * folders as their names below root (a file in root itself is its own room:
 * `config.ts`), files as paths below root. The graph is read from disk once a
 * lint run.
 */

/** @typedef {{ root: string; aliases: Record<string, string>; folders: string[][]; files: string[][] }} Options */

/** @type {Map<string, ReturnType<typeof draw>>} */
const drawn = new Map();

/**
 * @param {string} cwd
 * @param {string} root
 * @param {Record<string, string>} aliases
 */
function draw(cwd, root, aliases) {
  /** @type {Record<string, string>} */
  const texts = {};
  /** @param {string} dir */
  const walk = (dir) => {
    for (const entry of readdirSync(join(cwd, dir), { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(path);
      else if (/\.tsx?$/.test(entry.name) && !/\.(test\.tsx?|d\.ts)$/.test(entry.name)) {
        texts[path] = readFileSync(join(cwd, path), 'utf8');
      }
    }
  };
  walk(root);
  const files = fileGraph(texts, aliases);
  return {
    texts,
    fileCycles: cycles(files),
    folderCycles: cycles(folderGraph(files, root)),
  };
}

/**
 * @param {readonly string[]} cycle
 * @param {readonly string[][]} allowed
 */
const insideAllowed = (cycle, allowed) => allowed.some((a) => cycle.every((member) => a.includes(member)));

/** @param {readonly string[]} members */
const named = (members) => `{ ${members.join(', ')} }`;

/** @type {import('eslint').Rule.RuleModule} */
export const noNewCycles = {
  meta: {
    type: 'problem',
    docs: {
      description: "No import cycle among core's folders or files beyond the allow-list, which only shrinks",
    },
    schema: [
      {
        type: 'object',
        properties: {
          root: { type: 'string' },
          aliases: { type: 'object', additionalProperties: { type: 'string' } },
          folders: { type: 'array', items: { type: 'array', items: { type: 'string' } } },
          files: { type: 'array', items: { type: 'array', items: { type: 'string' } } },
        },
        required: ['root', 'folders', 'files'],
        additionalProperties: false,
      },
    ],
  },
  create(context) {
    const options = /** @type {Options} */ ({ aliases: {}, ...context.options[0] });
    const root = options.root.replace(/\/$/, '');
    const cwd = context.cwd;
    const self = relative(cwd, context.filename).split(sep).join('/');
    if (!self.startsWith(`${root}/`) || /\.(test\.tsx?|d\.ts)$/.test(self)) return {};
    const key = `${cwd}\0${root}`;
    let graph = drawn.get(key);
    if (!graph) {
      graph = draw(cwd, root, options.aliases);
      drawn.set(key, graph);
    }
    const { texts, fileCycles, folderCycles } = graph;
    const allowedFiles = options.files.map((cycle) => cycle.map((file) => `${root}/${file}`));
    const newFolderCycles = folderCycles.filter((cycle) => !insideAllowed(cycle, options.folders));
    const newFileCycles = fileCycles.filter((cycle) => !insideAllowed(cycle, allowedFiles));
    const selfFolder = folderOf(self, root);

    /** @param {import('estree').Node & { source?: unknown }} node */
    const check = (node) => {
      const source = /** @type {{ value?: unknown } | null | undefined} */ (node.source);
      if (!source || typeof source.value !== 'string') return;
      const target = resolveImport(self, source.value, texts, options.aliases);
      if (!target) return;
      const targetFolder = folderOf(target, root);
      // An arrow between two members of one allowed cycle is an old one: the new arrows are the others.
      const allowedArrow = options.folders.some((a) => a.includes(selfFolder) && a.includes(targetFolder));
      for (const cycle of newFolderCycles) {
        if (allowedArrow) break;
        if (targetFolder !== selfFolder && cycle.includes(selfFolder) && cycle.includes(targetFolder)) {
          context.report({
            node,
            message: `This import (${selfFolder} → ${targetFolder}) is part of an import cycle of core's folders that is not allowed: ${named(cycle)}. Core's folders import one way (docs/architecture.md): move the shared part down, or pass it in from above.`,
          });
        }
      }
      const allowedFileArrow = allowedFiles.some((a) => a.includes(self) && a.includes(target));
      for (const cycle of newFileCycles) {
        if (allowedFileArrow) break;
        if (cycle.includes(self) && cycle.includes(target)) {
          context.report({
            node,
            message: `This import is part of an import cycle of files that is not allowed: ${named(cycle.map((f) => f.slice(root.length + 1)))}. Import the file that holds the name, not a façade that leads back here.`,
          });
        }
      }
    };

    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
      'Program:exit'(program) {
        // Each allowed cycle still exactly there, said once: at the first file of its first member.
        const sorted = Object.keys(texts).sort();
        /**
         * @param {string[]} allowed
         * @param {string[][]} current
         * @param {string} kind
         * @param {string} firstFile
         */
        const stale = (allowed, current, kind, firstFile) => {
          // A member whose files are all gone is said at core's first file.
          if (self !== (texts[firstFile] !== undefined ? firstFile : sorted[0])) return;
          // Still there, or grown (then its new arrows are reported where they are).
          if (current.some((cycle) => allowed.every((m) => cycle.includes(m)))) return;
          const left = current.filter((cycle) => cycle.every((m) => allowed.includes(m)));
          /** @param {string[]} members */
          const shown = (members) => named(members.map((m) => m.replace(`${root}/`, '')));
          context.report({
            node: program,
            message: `The allowed ${kind} cycle ${shown(allowed)} (eslint.config.js) is ${left.length === 0 ? 'gone' : `now ${left.map(shown).join(' and ')}`}: bring the allow-list down to what is left, so that it cannot come back.`,
          });
        };
        for (const allowed of options.folders) {
          const first = allowed[0] ?? '';
          const firstFile = sorted.find((f) => folderOf(f, root) === first) ?? '';
          stale(allowed, folderCycles, 'folder', firstFile);
        }
        for (const allowed of allowedFiles) {
          stale(allowed, fileCycles, 'file', [...allowed].sort()[0] ?? '');
        }
      },
    };
  },
};

export default { rules: { 'no-new-cycles': noNewCycles } };
