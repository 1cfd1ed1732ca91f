import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  ConfirmDelete,
  DeleteButton,
  useConfirmation,
  useDeleteMutation,
} from '../../components/admin/ConfirmAction';
import { NoticeLine, PanelButton, useNotice } from '../../components/admin/notice';
import { Avatar } from '../../components/ui/Avatar';
import { ListState } from '../../components/ui/ListState';
import { StarRating } from '../../components/ui/StarRating';
import { messageOf } from '../../lib/api';
import {
  adminTestimonialsQueryOptions,
  deleteTestimonial,
  setFeatured,
  TESTIMONIALS_KEY,
  type TestimonialInfo,
} from './api';
import { AddTestimonialForm } from './components/AddTestimonialForm';
import { AuthorForm } from './components/AuthorForm';
import { managerMessages } from './validate';
import './testimonial-manager.css';

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
  const notice = useNotice();
  const [editing, setEditing] = useState<string | null>(null);
  const confirmation = useConfirmation<TestimonialInfo>();
  const refresh = () => queryClient.invalidateQueries({ queryKey: TESTIMONIALS_KEY });

  const remove = useDeleteMutation({
    del: deleteTestimonial,
    notice,
    refresh,
    deleted: managerMessages.deleted,
    failed: managerMessages.deleteFailed,
  });
  const feature = useMutation({
    mutationFn: setFeatured,
    onSuccess: () => refresh(),
    onError: (error) => notice.failure(error, managerMessages.featureFailed),
  });

  return (
    <div className="testimonial-manager">
      <AddTestimonialForm
        onAdded={async () => {
          notice.clear();
          await refresh();
        }}
      />
      <h3 className="testimonial-manager__heading">All testimonials</h3>
      <NoticeLine notice={notice.notice} />
      <ListState
        query={list}
        loading="Loading testimonials..."
        failed={messageOf(list.error, managerMessages.fetchFailed)}
        empty={(data) => data.length === 0 && 'No testimonials yet.'}
      >
        {(data) => (
          <ul className="testimonial-manager__list">
            {data.map((testimonial) => (
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
                          notice.success(text);
                          await refresh();
                        }
                      }}
                    />
                  ) : (
                    <div className="testimonial-manager__actions">
                      <PanelButton
                        before={notice.clear}
                        onClick={() => setEditing(testimonial._id)}
                        named={`of ${nameOf(testimonial)}’s testimonial`}
                      >
                        Edit author
                      </PanelButton>
                      <button
                        type="button"
                        className="button button--secondary"
                        aria-pressed={testimonial.featured}
                        disabled={feature.isPending}
                        onClick={() =>
                          feature.mutate({ id: testimonial._id, featured: !testimonial.featured })
                        }
                      >
                        {testimonial.featured ? 'Featured on About' : 'Feature on About'}
                        <span className="visually-hidden"> ({nameOf(testimonial)})</span>
                      </button>
                      <DeleteButton confirmation={confirmation} target={testimonial} before={notice.clear}>
                        {nameOf(testimonial)}’s testimonial
                      </DeleteButton>
                    </div>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
      </ListState>
      <ConfirmDelete confirmation={confirmation} remove={remove} what="testimonial" keepLabel="Keep it">
        {(testimonial) => (
          <p>
            Are you sure you want to delete this testimonial by {nameOf(testimonial)}? Its image is deleted
            too.
          </p>
        )}
      </ConfirmDelete>
    </div>
  );
}
