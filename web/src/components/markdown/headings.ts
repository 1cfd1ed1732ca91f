/** The smallest slice of mdast this plugin reads. */
type MdNode = { type: string; depth?: number; children?: MdNode[] };

function collectHeadings(node: MdNode, found: MdNode[]): MdNode[] {
  if (node.type === 'heading') found.push(node);
  for (const child of node.children ?? []) collectHeadings(child, found);
  return found;
}

/**
 * A remark plugin: the post's title is the page's h1, so the content's top
 * heading level becomes `top` (h2) and the others keep their distance from it
 * (at most h6). '# A' + '### B' becomes h2 + h4 ... relative order is kept and
 * the outline never jumps from the title to an h3.
 */
export function remarkShiftHeadings({ top = 2 }: { top?: number } = {}) {
  return (tree: MdNode) => {
    const headings = collectHeadings(tree, []);
    if (headings.length === 0) return;
    const shallowest = Math.min(...headings.map((heading) => heading.depth ?? 1));
    const shift = top - shallowest;
    for (const heading of headings) heading.depth = Math.min(6, Math.max(1, (heading.depth ?? 1) + shift));
  };
}
