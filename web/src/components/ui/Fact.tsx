import type { ReactNode } from 'react';

type FactProps = {
  term: string;
  wide?: boolean;
  /** A text the card shows only when there is some (notes, a complaint): left out when blank. */
  text?: string;
  children?: ReactNode;
};

/**
 * A term and its value in a card's `<dl>`, styled by the card's block class
 * (`desk-card__fact`, `booking-card__fact`...; `--wide` spans the row). Each
 * card names its block once: `const Fact = factsOf('desk-card')`.
 */
export function factsOf(block: string) {
  return function Fact({ term, wide = false, text, children }: FactProps) {
    if (text !== undefined && !text.trim()) return null;
    return (
      <div className={wide ? `${block}__fact ${block}__fact--wide` : `${block}__fact`}>
        <dt>{term}</dt>
        <dd>{text ?? children}</dd>
      </div>
    );
  };
}
