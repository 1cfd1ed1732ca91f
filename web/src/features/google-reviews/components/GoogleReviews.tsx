import { useQuery } from '@tanstack/react-query';
import { Avatar } from '../../../components/ui/Avatar';
import { StarRating } from '../../../components/ui/StarRating';
import { googleReviewsQueryOptions } from '../api';
import '../reviews.css';

/**
 * 'Recent Google Reviews' (doc 1 §2): photo, name linking to the reviewer,
 * relative time, rounded stars and text; 'Loading Reviews...', and the two
 * failure texts of doc 1 §8.
 */
export function GoogleReviews() {
  const { data: reviews, isPending, isError } = useQuery(googleReviewsQueryOptions());

  return (
    <section className="google-reviews" aria-labelledby="google-reviews-heading">
      <h2 id="google-reviews-heading">Recent Google Reviews</h2>
      {isPending ? (
        <p className="status-text" role="status">
          Loading Reviews...
        </p>
      ) : isError ? (
        <p className="status-text status-text--error" role="alert">
          Failed to fetch Google reviews.
        </p>
      ) : !reviews ? (
        <p className="status-text status-text--error" role="alert">
          Could not load reviews at this time.
        </p>
      ) : reviews.length === 0 ? (
        <p className="status-text">No Google reviews to show yet.</p>
      ) : (
        <ul className="google-reviews__list">
          {reviews.map((review) => (
            <li key={review.time} className="card google-review">
              <div className="google-review__header">
                <Avatar src={review.profile_photo_url} size={48} />
                <div>
                  <h3 className="google-review__author">
                    {review.author_url ? (
                      <a href={review.author_url} target="_blank" rel="noopener noreferrer">
                        {review.author_name}
                        <span className="visually-hidden"> (opens Google in a new tab)</span>
                      </a>
                    ) : (
                      review.author_name
                    )}
                  </h3>
                  <p className="google-review__time">{review.relative_time_description}</p>
                </div>
              </div>
              <StarRating rating={review.rating} />
              {review.text && <p className="google-review__text">{review.text}</p>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
