import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Avatar } from '../../components/ui/Avatar';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { FormMessage } from '../../components/ui/FormMessage';
import { StarRating } from '../../components/ui/StarRating';
import { StarRatingInput } from '../../components/ui/StarRatingInput';
import { TextAreaField } from '../../components/ui/TextAreaField';
import { TextField } from '../../components/ui/TextField';
import { messageOf } from '../../lib/api';
import { messagesResolver } from '../../lib/forms';
import { IMAGE_ACCEPT } from '../../lib/upload';
import {
  addTestimonial,
  adminTestimonialsQueryOptions,
  deleteTestimonial,
  serviceOptionsQueryOptions,
  setFeatured,
  TESTIMONIALS_KEY,
  type TestimonialInfo,
  updateAuthor,
} from './api';
import {
  AUTHOR_MAX,
  authorProblem,
  managerMessages,
  QUOTE_MAX,
  type TestimonialFields,
  validateTestimonial,
} from './validate';
import './testimonial-manager.css';

type Notice = { tone: 'success' | 'error'; text: string };

const nameOf = (t: TestimonialInfo) => t.authorName || 'Anonymous';

/**
 * Manage Testimonials (doc 2 §2): the list, add one (no booking needed for
 * the admin), edit an author's name, feature one on the about page, delete
 * after a confirmation. Texts of doc 2 §8; a failure shows the server's msg
 * when it has one.
 */
export default function TestimonialManagerPanel() {
  const queryClient = useQueryClient();
  const list = useQuery(adminTestimonialsQueryOptions());
  const [notice, setNotice] = useState<Notice | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [doomed, setDoomed] = useState<TestimonialInfo | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: TESTIMONIALS_KEY });

  const remove = useMutation({
    mutationFn: deleteTestimonial,
    onSuccess: async () => {
      setNotice({ tone: 'success', text: managerMessages.deleted });
      await refresh();
    },
    onError: (error) => setNotice({ tone: 'error', text: messageOf(error, managerMessages.deleteFailed) }),
    onSettled: () => setDoomed(null),
  });
  const feature = useMutation({
    mutationFn: setFeatured,
    onSuccess: () => refresh(),
    onError: (error) => setNotice({ tone: 'error', text: messageOf(error, managerMessages.featureFailed) }),
  });

  return (
    <div className="testimonial-manager">
      <AddTestimonialForm
        onAdded={async () => {
          setNotice(null);
          await refresh();
        }}
      />
      <h3 className="testimonial-manager__heading">All testimonials</h3>
      {notice && <FormMessage tone={notice.tone}>{notice.text}</FormMessage>}
      {list.isPending ? (
        <p className="status-text" role="status">
          Loading testimonials...
        </p>
      ) : list.isError ? (
        <p className="status-text status-text--error" role="alert">
          {messageOf(list.error, managerMessages.fetchFailed)}
        </p>
      ) : list.data.length === 0 ? (
        <p className="status-text">No testimonials yet.</p>
      ) : (
        <ul className="testimonial-manager__list">
          {list.data.map((testimonial) => (
            <li key={testimonial._id} className="testimonial-manager__item" data-testid="admin-testimonial">
              <Avatar src={testimonial.profileImageUrl} size={48} />
              <div className="testimonial-manager__body">
                <p className="testimonial-manager__who">
                  <strong>{nameOf(testimonial)}</strong>
                  {testimonial.service && <span> · {testimonial.service.name}</span>}
                  {testimonial.featured && <span className="testimonial-manager__badge">Featured</span>}
                </p>
                <StarRating rating={testimonial.rating} />
                <p className="testimonial-manager__quote">“{testimonial.quote}”</p>
                {editing === testimonial._id ? (
                  <AuthorForm
                    testimonial={testimonial}
                    onDone={async (text) => {
                      setEditing(null);
                      if (text) {
                        setNotice({ tone: 'success', text });
                        await refresh();
                      }
                    }}
                  />
                ) : (
                  <div className="testimonial-manager__actions">
                    <button
                      type="button"
                      className="button button--secondary"
                      onClick={() => {
                        setNotice(null);
                        setEditing(testimonial._id);
                      }}
                    >
                      Edit author
                      <span className="visually-hidden"> of {nameOf(testimonial)}’s testimonial</span>
                    </button>
                    <button
                      type="button"
                      className="button button--secondary"
                      aria-pressed={testimonial.featured}
                      disabled={feature.isPending}
                      onClick={() => feature.mutate({ id: testimonial._id, featured: !testimonial.featured })}
                    >
                      {testimonial.featured ? 'Featured on About' : 'Feature on About'}
                      <span className="visually-hidden"> ({nameOf(testimonial)})</span>
                    </button>
                    <button
                      type="button"
                      className="button button--danger"
                      onClick={() => {
                        setNotice(null);
                        setDoomed(testimonial);
                      }}
                    >
                      Delete<span className="visually-hidden"> {nameOf(testimonial)}’s testimonial</span>
                    </button>
                  </div>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      {doomed && (
        <ConfirmDialog
          title="Delete testimonial"
          confirmLabel="Delete"
          busyLabel="Deleting..."
          keepLabel="Keep it"
          busy={remove.isPending}
          onConfirm={() => remove.mutate(doomed._id)}
          onKeep={() => setDoomed(null)}
        >
          <p>
            Are you sure you want to delete this testimonial by {nameOf(doomed)}? Its image is deleted too.
          </p>
        </ConfirmDialog>
      )}
    </div>
  );
}

/** The add form (doc 2 §5): service, quote, rating 1-5 required; author name and image optional. */
function AddTestimonialForm({ onAdded }: { onAdded: () => Promise<void> }) {
  const services = useQuery(serviceOptionsQueryOptions());
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
  const errors = form.formState.errors;
  const busy = add.isPending;

  return (
    <form
      className="testimonial-manager__form"
      aria-labelledby="add-testimonial-title"
      noValidate
      onSubmit={form.handleSubmit((values) => {
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
      <div className="field">
        <label htmlFor="testimonial-service">Service</label>
        <select
          id="testimonial-service"
          className="select"
          aria-invalid={errors.serviceId ? true : undefined}
          aria-describedby={errors.serviceId ? 'testimonial-service-error' : undefined}
          disabled={busy}
          {...form.register('serviceId')}
        >
          <option value="">Choose a service</option>
          {services.data?.map((service) => (
            <option key={service._id} value={service._id}>
              {service.name}
            </option>
          ))}
        </select>
        {errors.serviceId && (
          <p id="testimonial-service-error" className="field__error">
            {errors.serviceId.message}
          </p>
        )}
        {services.isError && (
          <p className="field__error" role="alert">
            {messageOf(services.error, managerMessages.servicesFailed)}
          </p>
        )}
      </div>
      <TextAreaField
        label="Quote"
        rows={3}
        maxLength={QUOTE_MAX}
        error={errors.quote?.message}
        disabled={busy}
        {...form.register('quote')}
      />
      <StarRatingInput
        legend="Rating"
        selected={rating}
        error={errors.rating?.message}
        disabled={busy}
        {...form.register('rating')}
      />
      <TextField
        label="Author name (optional)"
        maxLength={AUTHOR_MAX}
        autoComplete="off"
        error={errors.authorName?.message}
        disabled={busy}
        {...form.register('authorName')}
      />
      <TextField
        label="Profile image (optional: PNG, JPG or GIF, up to 5 MB)"
        type="file"
        accept={IMAGE_ACCEPT}
        error={errors.profileImage?.message}
        disabled={busy}
        {...form.register('profileImage')}
      />
      {add.isSuccess && <FormMessage tone="success">{managerMessages.added}</FormMessage>}
      {add.isError && (
        <FormMessage tone="error">{messageOf(add.error, managerMessages.addFailed)}</FormMessage>
      )}
      <button type="submit" className="button button--primary" disabled={busy}>
        {busy ? 'Adding...' : 'Add Testimonial'}
      </button>
    </form>
  );
}

/** Edit an author's name in place; `onDone` gets the success text, or nothing when cancelled. */
function AuthorForm({
  testimonial,
  onDone,
}: {
  testimonial: TestimonialInfo;
  onDone: (text?: string) => Promise<void>;
}) {
  const [name, setName] = useState(testimonial.authorName ?? '');
  // The field the admin asked to edit takes the focus.
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => field.current?.focus(), []);
  const [problem, setProblem] = useState<string>();
  const save = useMutation({
    mutationFn: updateAuthor,
    onSuccess: () => onDone(managerMessages.authorUpdated),
  });
  return (
    <form
      className="testimonial-manager__author"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const found = authorProblem(name);
        setProblem(found);
        if (!found) save.mutate({ id: testimonial._id, authorName: name.trim() });
      }}
    >
      <TextField
        label="Author name"
        value={name}
        maxLength={AUTHOR_MAX}
        autoComplete="off"
        ref={field}
        error={problem}
        disabled={save.isPending}
        onChange={(event) => setName(event.target.value)}
      />
      {save.isError && (
        <FormMessage tone="error">{messageOf(save.error, managerMessages.authorFailed)}</FormMessage>
      )}
      <div className="testimonial-manager__actions">
        <button type="submit" className="button button--primary" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save author'}
        </button>
        <button
          type="button"
          className="button button--secondary"
          disabled={save.isPending}
          onClick={() => void onDone()}
        >
          Cancel
        </button>
      </div>
    </form>
  );
}
