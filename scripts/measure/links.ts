import ts from 'typescript';

/**
 * The link measures of `npm run measure` (issue 32, decision 110), read with
 * the TypeScript parser from the files given (core's product code):
 *
 * - **token redemptions**: the public functions of core/src/auth that use a
 *   token up: exported functions that write its use mark (`SET usedAt`, or a
 *   patch that sets `usedAt`), or
 *   call, inside auth, a function that does;
 * - **token views**: the other public functions of core/src/auth that check
 *   a token (read its use mark, or call one that does) without using it;
 * - **invitations**: the places that make a shop-made account's invitation
 *   link: a `LinkToken.prepare` of the `invitation` flow, or (before the flow
 *   table) a reset-password token that lives `INVITATION_DAYS`.
 */

export type Source = { file: string; text: string };
export type Hit = { file: string; line: number };
export type LinkMeasures = { redemptions: string[]; views: string[]; invitations: Hit[] };

type Fn = { name: string; exported: boolean; text: string; calls: Set<string> };

const isExported = (node: ts.Node) =>
  ts.canHaveModifiers(node) &&
  (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);

/** Every named function (declarations and `const x = (…) =>`) in a file, with the names it calls. */
function functionsOf({ file, text }: Source): Fn[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: Fn[] = [];
  const callsIn = (node: ts.Node) => {
    const calls = new Set<string>();
    const visit = (n: ts.Node): void => {
      if (ts.isCallExpression(n) && ts.isIdentifier(n.expression)) calls.add(n.expression.text);
      ts.forEachChild(n, visit);
    };
    visit(node);
    return calls;
  };
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionDeclaration(node) && node.name && node.body) {
      found.push({
        name: node.name.text,
        exported: isExported(node),
        text: node.body.getText(source),
        calls: callsIn(node.body),
      });
    } else if (ts.isVariableStatement(node)) {
      for (const d of node.declarationList.declarations) {
        if (ts.isIdentifier(d.name) && d.initializer && ts.isArrowFunction(d.initializer)) {
          found.push({
            name: d.name.text,
            exported: isExported(node),
            text: d.initializer.getText(source),
            calls: callsIn(d.initializer),
          });
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The names whose functions reach one of `seeds` through calls (the seeds included). */
function reaching(fns: Fn[], seeds: Set<string>): Set<string> {
  const reached = new Set(seeds);
  for (let grew = true; grew;) {
    grew = false;
    for (const fn of fns) {
      if (reached.has(fn.name)) continue;
      if ([...fn.calls].some((c) => reached.has(c))) {
        reached.add(fn.name);
        grew = true;
      }
    }
  }
  return reached;
}

export function linkMeasures(sources: readonly Source[]): LinkMeasures {
  const auth = sources.filter((s) => s.file.startsWith('core/src/auth/')).flatMap(functionsOf);
  const writers = new Set(
    auth.filter((f) => /SET usedAt\b|set: \{ usedAt\b/.test(f.text)).map((f) => f.name),
  );
  const readers = new Set(auth.filter((f) => /\busedAt\b/.test(f.text)).map((f) => f.name));
  const using = reaching(auth, writers);
  const checking = reaching(auth, readers);
  const exported = [...new Set(auth.filter((f) => f.exported).map((f) => f.name))];
  const redemptions = exported.filter((name) => using.has(name)).sort();
  const views = exported.filter((name) => checking.has(name) && !using.has(name)).sort();

  const invitations: Hit[] = [];
  for (const { file, text } of sources) {
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node): void => {
      if (
        ts.isCallExpression(node) &&
        ts.isPropertyAccessExpression(node.expression) &&
        node.expression.name.text === 'prepare' &&
        node.expression.expression.getText(source) === 'LinkToken'
      ) {
        const args = node.arguments.map((a) => a.getText(source)).join(' ');
        if (
          /^'invitation'/.test(node.arguments[0]?.getText(source) ?? '') ||
          (/purpose: 'reset-password'/.test(args) && /INVITATION_DAYS/.test(args))
        ) {
          invitations.push({
            file,
            line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1,
          });
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return { redemptions, views, invitations };
}
