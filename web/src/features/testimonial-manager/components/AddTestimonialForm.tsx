import { useMutation } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import { ServiceSelect } from '../../../components/admin/ServiceSelect';
import { FormMessage } from '../../../components/ui/FormMessage';
import { StarRatingInput } from '../../../components/ui/StarRatingInput';
import { TextAreaField } from '../../../components/ui/TextAreaField';
import { TextField } from '../../../components/ui/TextField';
import { bindFields, messagesResolver } from '../../../lib/forms';
import { submitFittingImage } from '../../../lib/image-resize';
import { IMAGE_ACCEPT, IMAGE_LIMIT_HINT } from '../../../lib/upload';
import { addTestimonial } from '../api';
import {
  AUTHOR_MAX,
  managerMessages,
  QUOTE_MAX,
  type TestimonialFields,
  validateTestimonial,
} from '../validate';
import { FailureMessage } from '../../../components/ui/FailureMessage';

/** The add form (doc 2 §5): service, quote, rating 1-5 required; author name and image optional. */
export function AddTestimonialForm({ onAdded }: { onAdded: () => Promise<void> }) {
  const form = useForm<TestimonialFields>({
    defaultValues: { serviceId: '', quote: '', rating: '', authorName: '', profileImage: null },
    resolver: messagesResolver(validateTestimonial),
  });
  const rating = useWatch({ control: form.control, name: 'rating' });
  const add = useMutation({
    mutationFn: addTestimonial,
    onSuccess: async () => {
      form.reset();
      await onAdded();
    },
  });
  const field = bindFields(form);
  const busy = add.isPending;

  return (
    <form
      className="testimonial-manager__form"
      aria-labelledby="add-testimonial-title"
      noValidate
      onSubmit={submitFittingImage(form, 'profileImage', (values) => {
        add.reset();
        add.mutate({
          serviceId: values.serviceId,
          quote: values.quote.trim(),
          rating: Number(values.rating),
          authorName: values.authorName.trim(),
          profileImage: values.profileImage?.[0],
        });
      })}
    >
      <h3 id="add-testimonial-title" className="testimonial-manager__heading">
        Add a testimonial
      </h3>
      <ServiceSelect
        placeholder="Choose a service"
        failedText={managerMessages.servicesFailed}
        disabled={busy}
        {...field('serviceId')}
      />
      <TextAreaField label="Quote" rows={3} maxLength={QUOTE_MAX} disabled={busy} {...field('quote')} />
      <StarRatingInput legend="Rating" selected={rating} disabled={busy} {...field('rating')} />
      <TextField
        label="Author name (optional)"
        maxLength={AUTHOR_MAX}
        autoComplete="off"
        disabled={busy}
        {...field('authorName')}
      />
      <TextField
        label={`Profile image (optional: ${IMAGE_LIMIT_HINT})`}
        type="file"
        accept={IMAGE_ACCEPT}
        disabled={busy}
        {...field('profileImage')}
      />
      {add.isSuccess && <FormMessage tone="success">{managerMessages.added}</FormMessage>}
      <FailureMessage error={add.error} fallback={managerMessages.addFailed} />
      <button type="submit" className="button button--primary" disabled={busy}>
        {busy ? 'Adding...' : 'Add Testimonial'}
      </button>
    </form>
  );
}
