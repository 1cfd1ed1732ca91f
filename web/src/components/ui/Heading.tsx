import type { HTMLAttributes } from 'react';

export type HeadingLevel = 1 | 2 | 3 | 4;

type HeadingProps = HTMLAttributes<HTMLHeadingElement> & { level: HeadingLevel };

/** A heading whose level is chosen by the page, so a section keeps a correct outline wherever it is placed. */
export function Heading({ level, ...props }: HeadingProps) {
  const Tag = `h${level}` as const;
  return <Tag {...props} />;
}

export const subLevel = (level: HeadingLevel): HeadingLevel =>
  level < 4 ? ((level + 1) as HeadingLevel) : 4;
