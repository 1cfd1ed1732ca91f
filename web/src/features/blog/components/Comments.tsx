import { COMMENT_MAX_LENGTH } from '@app/core/post/rules';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { TextAreaField } from '../../../components/ui/TextAreaField';
import { formatDate } from '../../../lib/date';
import { addComment, appendComment, commentsQueryOptions } from '../api';
import { personName } from '../types';
import { ShowMore } from '../../../components/ui/ShowMore';
import { SubmitButton } from '../../../components/ui/SubmitButton';

type CommentsProps = {
  postId: string;
  signedIn: boolean;
  /** Where the login link brings the visitor back to. */
  loginRedirect: string;
};

/**
 * The post's comments (doc 2 §2, §5): the list, and the form for a signed-in
 * user (3 rows; blank-after-trim is not sent). A visitor sees 'Log in to post
 * a comment.'. A failed post is only logged (doc 2 §8).
 */
export function Comments({ postId, signedIn, loginRedirect }: CommentsProps) {
  const queryClient = useQueryClient();
  const headingId = useId();
  const list = useInfiniteQuery(commentsQueryOptions(postId));
  const { isPending, isError } = list;
  const comments = list.data?.pages.flatMap((page) => page.items) ?? [];
  // With more pages to load, the count says 'at least'.
  const count = `${comments.length}${list.hasNextPage ? '+' : ''}`;
  const form = useForm({ defaultValues: { text: '' } });
  const text = useWatch({ control: form.control, name: 'text' });
  const post = useMutation({
    mutationFn: addComment,
    onSuccess: (comment) => {
      form.reset({ text: '' });
      appendComment(queryClient, comment);
    },
    onError: (error) => console.warn('Could not post the comment:', error),
  });

  const submit = form.handleSubmit((values) => {
    const trimmed = values.text.trim();
    if (!trimmed || post.isPending) return;
    post.mutate({ text: trimmed, postId });
  });

  return (
    <section className="comments" aria-labelledby={headingId}>
      <h2 id={headingId}>Comments{comments.length > 0 ? ` (${count})` : ''}</h2>
      {isPending ? (
        <p className="comments__status" role="status">
          Loading comments...
        </p>
      ) : isError ? (
        <p className="comments__status">Comments could not be loaded right now.</p>
      ) : comments.length === 0 ? (
        <p className="comments__status">No comments yet.</p>
      ) : (
        <ol className="comments__list">
          {comments.map((comment) => (
            <li key={comment._id} className="comment">
              <p className="comment__meta">
                <strong>{personName(comment.author, 'User')}</strong>
                {comment.createdAt && (
                  <>
                    {' · '}
                    <time dateTime={comment.createdAt}>{formatDate(comment.createdAt)}</time>
                  </>
                )}
              </p>
              <p className="comment__text">{comment.text}</p>
            </li>
          ))}
        </ol>
      )}
      <ShowMore pages={list} label="Show more comments" className="comments__more" />
      {signedIn ? (
        <form className="comments__form" onSubmit={submit}>
          <TextAreaField
            label="Add a comment"
            rows={3}
            maxLength={COMMENT_MAX_LENGTH}
            {...form.register('text')}
          />
          <SubmitButton busy={post.isPending} busyLabel="Posting..." disabled={!text.trim()}>
            Post Comment
          </SubmitButton>
        </form>
      ) : (
        <p className="comments__login">
          <Link to="/login" search={{ redirect: loginRedirect }}>
            Log in
          </Link>{' '}
          to post a comment.
        </p>
      )}
    </section>
  );
}
