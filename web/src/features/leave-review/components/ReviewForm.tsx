import { Link } from '@tanstack/react-router';
import { useMutation } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import { FormMessage } from '../../../components/ui/FormMessage';
import { StarRatingInput } from '../../../components/ui/StarRatingInput';
import { TextAreaField } from '../../../components/ui/TextAreaField';
import { TextField } from '../../../components/ui/TextField';
import { bindFields, messagesResolver } from '../../../lib/forms';
import { submitFittingImage } from '../../../lib/image-resize';
import { IMAGE_LIMIT_HINT } from '../../../lib/upload';
import { useRevealStep } from '../../../lib/reveal';
import { addTestimonial, type ReviewTarget } from '../api';
import { IMAGE_ACCEPT, QUOTE_MAX, reviewMessages, type ReviewFields, validateReview } from '../validate';
import '../leave-review.css';
import { FailureMessage } from '../../../components/ui/FailureMessage';

type ReviewFormProps = {
  target: ReviewTarget;
  /** The testimonial was stored: the page refreshes what shows it (the lists, the booking's Review Submitted). */
  onAdded: () => void;
};

/**
 * The review of a completed booking (doc 2 §2, §5, §7, §8): stars (required),
 * the quote (required) and an optional profile image, sent as multipart form
 * data. Success shows 'Testimonial added successfully!' with a link to the
 * testimonials; a failure the server's msg, else 'Failed to add testimonial.'.
 */
export function ReviewForm({ target, onAdded }: ReviewFormProps) {
  const form = useForm<ReviewFields>({
    defaultValues: { rating: '', quote: '', profileImage: null },
    resolver: messagesResolver(validateReview),
  });
  const rating = useWatch({ control: form.control, name: 'rating' });
  const add = useMutation({ mutationFn: addTestimonial, onSuccess: onAdded });
  // The form goes away on success: the message that replaces it comes into view with the focus.
  const doneRef = useRevealStep<HTMLDivElement>(add.isSuccess);

  if (add.isSuccess) {
    return (
      <div className="card review-form review-form--done" ref={doneRef} tabIndex={-1}>
        <FormMessage tone="success">{reviewMessages.added}</FormMessage>
        <p>Thank you for taking the time to tell others about your {target.serviceName}.</p>
        <p className="review-form__links">
          <Link to="/testimonials" className="button button--primary">
            See it on the Testimonials page
          </Link>
          <Link to="/dashboard" className="button button--secondary">
            Back to My Account
          </Link>
        </p>
      </div>
    );
  }

  const field = bindFields(form);
  const busy = add.isPending;
  return (
    <form
      className="card review-form"
      aria-labelledby="review-form-title"
      noValidate
      onSubmit={submitFittingImage(form, 'profileImage', (values) =>
        add.mutate({
          target,
          rating: Number(values.rating),
          quote: values.quote.trim(),
          profileImage: values.profileImage?.[0],
        }),
      )}
    >
      <h2 id="review-form-title" className="review-form__title">
        Your review
      </h2>
      <StarRatingInput legend="Rating" selected={rating} required disabled={busy} {...field('rating')} />
      <TextAreaField
        label="Your experience"
        rows={5}
        required
        maxLength={QUOTE_MAX}
        placeholder="What did we do, and how did it go?"
        disabled={busy}
        {...field('quote')}
      />
      <TextField
        label={`Profile image (optional: ${IMAGE_LIMIT_HINT})`}
        type="file"
        accept={IMAGE_ACCEPT}
        className="review-form__image"
        disabled={busy}
        {...field('profileImage')}
      />
      <FailureMessage error={add.error} fallback={reviewMessages.addFailed} />
      <button type="submit" className="button button--primary" disabled={busy}>
        {busy ? 'Submitting...' : 'Submit Review'}
      </button>
    </form>
  );
}
