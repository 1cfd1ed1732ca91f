import { Avatar } from '../../../components/ui/Avatar';
import { StarRating } from '../../../components/ui/StarRating';
import { formatDate } from '../../../lib/date';
import { authorName, type TestimonialInfo, type VoteType } from '../types';

type TestimonialCardProps = {
  testimonial: TestimonialInfo;
  viewerId: string | null;
  /** This card's vote is on its way: further clicks wait for it (the buttons keep focus, so not disabled). */
  voting: boolean;
  onVote: (voteType: VoteType) => void;
};

/**
 * One testimonial (doc 1 §2): author or 'Anonymous', avatar or the default,
 * date, stars, quote, like and dislike counts, and the first comment as the
 * owner's response.
 */
export function TestimonialCard({ testimonial, viewerId, voting, onVote }: TestimonialCardProps) {
  const name = authorName(testimonial, 'Anonymous');
  const response = testimonial.comments[0];
  const liked = !!viewerId && testimonial.likes.includes(viewerId);
  const disliked = !!viewerId && testimonial.dislikes.includes(viewerId);

  return (
    <article className="card testimonial-card" aria-label={`Review by ${name}`}>
      <header className="testimonial-card__header">
        <Avatar src={testimonial.profileImageUrl} />
        <div>
          <h3 className="testimonial-card__author">{name}</h3>
          <p className="testimonial-card__date">
            <time dateTime={testimonial.createdAt}>{formatDate(testimonial.createdAt)}</time>
          </p>
        </div>
      </header>
      <StarRating rating={testimonial.rating} />
      <blockquote className="testimonial-card__quote">
        <p>{testimonial.quote}</p>
      </blockquote>
      {response && (
        <div className="testimonial-card__response">
          <p className="testimonial-card__response-label">Response from the owner</p>
          <p>{response.text}</p>
        </div>
      )}
      <div className="testimonial-card__votes" role="group" aria-label={`Votes on the review by ${name}`}>
        <VoteButton
          label="Like"
          icon="👍"
          count={testimonial.likes.length}
          pressed={liked}
          busy={voting}
          onClick={() => onVote('like')}
        />
        <VoteButton
          label="Dislike"
          icon="👎"
          count={testimonial.dislikes.length}
          pressed={disliked}
          busy={voting}
          onClick={() => onVote('dislike')}
        />
      </div>
    </article>
  );
}

type VoteButtonProps = {
  label: 'Like' | 'Dislike';
  icon: string;
  count: number;
  pressed: boolean;
  busy: boolean;
  onClick: () => void;
};

function VoteButton({ label, icon, count, pressed, busy, onClick }: VoteButtonProps) {
  return (
    <button
      type="button"
      className="vote-button"
      aria-pressed={pressed}
      aria-label={`${label} (${count})`}
      aria-busy={busy || undefined}
      onClick={() => {
        if (!busy) onClick();
      }}
    >
      <span aria-hidden="true">{icon}</span>
      <span className="vote-button__count" data-testid={`${label.toLowerCase()}-count`}>
        {count}
      </span>
    </button>
  );
}
