import type { ReactNode } from 'react';
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
          <h2 className="testimonial-card__author">{name}</h2>
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
          icon={<ThumbIcon />}
          count={testimonial.likes.length}
          pressed={liked}
          busy={voting}
          onClick={() => onVote('like')}
        />
        <VoteButton
          label="Dislike"
          icon={<ThumbIcon down />}
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
  icon: ReactNode;
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
      {icon}
      <span className="vote-button__count" data-testid={`${label.toLowerCase()}-count`}>
        {count}
      </span>
    </button>
  );
}

/** A thumb, up or down (drawn, so it does not depend on an emoji font). */
function ThumbIcon({ down = false }: { down?: boolean }) {
  return (
    <svg
      className={down ? 'vote-button__icon vote-button__icon--down' : 'vote-button__icon'}
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M7 10v11H4a1 1 0 0 1-1-1v-9a1 1 0 0 1 1-1z" />
      <path d="M7 10l4-7a2 2 0 0 1 3 2l-1 5h5.5a2 2 0 0 1 2 2.4l-1.4 7A2 2 0 0 1 17.1 21H7" />
    </svg>
  );
}
