import { useQuery } from '@tanstack/react-query';
import { type FocusEvent, type KeyboardEvent, useEffect, useId, useState } from 'react';
import { Avatar } from '../../../components/ui/Avatar';
import { StarRating } from '../../../components/ui/StarRating';
import { featuredTestimonialsQueryOptions } from '../api';
import { CAROUSEL_INTERVAL_MS, wrapIndex } from '../carousel';
import { authorName, type TestimonialInfo } from '../types';
import '../testimonials.css';

/**
 * The about page's featured testimonials (doc 2 §2, §9): one at a time,
 * advancing every 5 s and wrapping around. It pauses while hovered or while
 * focus is inside it, and with its Pause button; Previous/Next and the arrow
 * keys move it by hand. Screen readers hear slide changes only when the
 * visitor caused them or it is paused, never every 5 s (WAI-ARIA carousel pattern).
 */
export function TestimonialCarousel({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const { data, isPending } = useQuery(featuredTestimonialsQueryOptions());
  const Heading = `h${headingLevel}` as const;
  const headingId = useId();

  return (
    <section className="carousel" aria-roledescription="carousel" aria-labelledby={headingId}>
      <Heading id={headingId} className="carousel__heading">
        What Our Customers Say
      </Heading>
      {data && data.length > 0 ? (
        <Slides testimonials={data} />
      ) : (
        <p className="carousel__status" role="status">
          {isPending ? 'Loading testimonials...' : 'Our customers’ stories will appear here soon.'}
        </p>
      )}
    </section>
  );
}

function Slides({ testimonials }: { testimonials: TestimonialInfo[] }) {
  const count = testimonials.length;
  const slidesId = useId();
  const [position, setPosition] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  const [byUser, setByUser] = useState(false);
  const paused = hovered || focused || stopped;
  // The list may shrink after a refetch: stay on a slide that exists.
  const index = position % count;

  useEffect(() => {
    if (paused || count < 2) return;
    const timer = window.setTimeout(() => {
      setByUser(false);
      setPosition((current) => wrapIndex(current % count, 1, count));
    }, CAROUSEL_INTERVAL_MS);
    return () => window.clearTimeout(timer);
  }, [paused, count, position]);

  const go = (step: number) => {
    setByUser(true);
    setPosition(wrapIndex(index, step, count));
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowRight') go(1);
    else if (event.key === 'ArrowLeft') go(-1);
    else return;
    event.preventDefault();
  };

  const onBlur = (event: FocusEvent) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
  };

  const testimonial = testimonials[index]!;
  const name = authorName(testimonial, 'A Valued Customer');

  return (
    <div
      className="carousel__body"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
      onKeyDown={onKeyDown}
    >
      {count > 1 && (
        <div className="carousel__controls">
          <button
            type="button"
            className="carousel__button"
            onClick={() => setStopped(!stopped)}
            aria-label={stopped ? 'Start automatic slide show' : 'Stop automatic slide show'}
          >
            <span aria-hidden="true">{stopped ? '▶' : '❚❚'}</span>
          </button>
          <button
            type="button"
            className="carousel__button"
            aria-controls={slidesId}
            aria-label="Previous testimonial"
            onClick={() => go(-1)}
          >
            <span aria-hidden="true">‹</span>
          </button>
          <button
            type="button"
            className="carousel__button"
            aria-controls={slidesId}
            aria-label="Next testimonial"
            onClick={() => go(1)}
          >
            <span aria-hidden="true">›</span>
          </button>
        </div>
      )}
      <div
        id={slidesId}
        className="carousel__slides"
        aria-live={paused || byUser ? 'polite' : 'off'}
        aria-atomic="true"
      >
        <div
          key={testimonial._id}
          className="carousel__slide"
          role="group"
          aria-roledescription="slide"
          aria-label={`${index + 1} of ${count}`}
        >
          <figure className="carousel__figure">
            <StarRating rating={testimonial.rating} />
            <blockquote className="carousel__quote">
              <p>{testimonial.quote}</p>
            </blockquote>
            <figcaption className="carousel__author">
              <Avatar src={testimonial.profileImageUrl} size={48} />
              <span>
                <strong>{name}</strong>
                {testimonial.service && <span className="carousel__service">{testimonial.service.name}</span>}
              </span>
            </figcaption>
          </figure>
        </div>
      </div>
      {count > 1 && (
        <p className="carousel__dots" aria-hidden="true">
          {testimonials.map((item, i) => (
            <span key={item._id} className={i === index ? 'carousel__dot is-current' : 'carousel__dot'} />
          ))}
        </p>
      )}
    </div>
  );
}
