import ts from 'typescript';

/**
 * Due-queue implementations (issue 32, decision 109), read from the code:
 * the one queue counts once when core/src/db/due-queue.ts names its queues
 * (`dueQueues`) on an index of table.ts; every core product file outside
 * core/src/db that reads what is due by a time itself (a `lessThan` sort
 * condition) or claims an item with a lease of its own (`leaseUntil` in an
 * expression string) counts as one more.
 */
export type DueQueueCount = {
  count: number;
  /** The queues on the one due queue's index. */
  queues: string[];
  /** Files outside core/src/db that keep a queue of their own, with what gave them away. */
  others: { file: string; line: number; why: string }[];
};

export function dueQueues(files: readonly string[], read: (file: string) => string): DueQueueCount {
  const queueFile = 'core/src/db/due-queue.ts';
  const queues = files.includes(queueFile) ? queueNames(read(queueFile)) : [];
  const others: DueQueueCount['others'] = [];
  for (const file of files) {
    if (!file.startsWith('core/src/') || file.startsWith('core/src/db/')) continue;
    const source = ts.createSourceFile(file, read(file), ts.ScriptTarget.Latest, true);
    const found = new Set<string>();
    const visit = (node: ts.Node): void => {
      const line = () => source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
      if (
        ts.isPropertyAssignment(node) &&
        ts.isIdentifier(node.name) &&
        node.name.text === 'lessThan' &&
        !found.has('a due-by read')
      ) {
        found.add('a due-by read');
        others.push({ file, line: line(), why: 'a due-by read (`lessThan`)' });
      }
      if (
        (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateHead(node)) &&
        /\bleaseUntil\b/.test(node.text) &&
        !found.has('a lease')
      ) {
        found.add('a lease');
        others.push({ file, line: line(), why: 'a lease of its own (`leaseUntil` in an expression)' });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  const outside = new Set(others.map((o) => o.file)).size;
  return { count: (queues.length > 0 ? 1 : 0) + outside, queues, others };
}

/** The string elements of `export const dueQueues = [...]`. */
function queueNames(text: string): string[] {
  const source = ts.createSourceFile('due-queue.ts', text, ts.ScriptTarget.Latest, true);
  const names: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.name.text === 'dueQueues') {
      const visitArray = (inner: ts.Node): void => {
        if (ts.isArrayLiteralExpression(inner)) {
          for (const element of inner.elements) if (ts.isStringLiteral(element)) names.push(element.text);
        } else ts.forEachChild(inner, visitArray);
      };
      visitArray(node);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return names;
}
