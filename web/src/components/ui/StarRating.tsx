import './star-rating.css';

type StarRatingProps = {
  /** 1-5; fractions are rounded to whole stars (doc 1 §9: Google ratings are rounded). */
  rating: number;
  className?: string;
};

const MAX = 5;

/** Stars out of five, read by screen readers as 'Rated 4 out of 5'. */
export function StarRating({ rating, className }: StarRatingProps) {
  const stars = Math.min(MAX, Math.max(0, Math.round(rating)));
  return (
    <span
      className={className ? `stars ${className}` : 'stars'}
      role="img"
      aria-label={`Rated ${stars} out of ${MAX}`}
    >
      {Array.from({ length: MAX }, (_, i) => (
        <span key={i} className={i < stars ? 'stars__star is-on' : 'stars__star'} aria-hidden="true">
          ★
        </span>
      ))}
    </span>
  );
}
