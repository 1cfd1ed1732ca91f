import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { PostContent } from '../../../components/markdown/PostContent';
import { TextAreaField } from '../../../components/ui/TextAreaField';
import { TextField } from '../../../components/ui/TextField';
import { messageOf } from '../../../lib/api';
import { bindFields, messagesResolver } from '../../../lib/forms';
import { submitFittingImage } from '../../../lib/image-resize';
import { IMAGE_ACCEPT, IMAGE_LIMIT_HINT } from '../../../lib/upload';
import { adminPostQueryOptions, createPost, type PostDetail, type PostInfo, updatePost } from '../api';
import { blogMessages, type PostFields, validatePost } from '../validate';
import { FailureMessage } from '../../../components/ui/FailureMessage';
import { ActionButton } from '../../../components/ui/ActionButton';

/** Create mode (`post` null) or edit mode; edit mode first loads the post's content. */
export function PostEditor({
  post,
  onDone,
}: {
  post: PostInfo | null;
  onDone: (text?: string) => Promise<void>;
}) {
  const detail = useQuery({ ...adminPostQueryOptions(post?.slug ?? ''), enabled: post !== null });
  if (post && detail.isPending) {
    return (
      <p className="status-text" role="status">
        Loading post...
      </p>
    );
  }
  if (post && detail.isError) {
    return (
      <div className="blog-manager">
        <p className="status-text status-text--error" role="alert">
          {messageOf(detail.error, blogMessages.operationFailed)}
        </p>
        <button type="button" className="button button--secondary" onClick={() => void onDone()}>
          Back to posts
        </button>
      </div>
    );
  }
  return <PostForm post={post ? (detail.data ?? null) : null} onDone={onDone} />;
}

function PostForm({ post, onDone }: { post: PostDetail | null; onDone: (text?: string) => Promise<void> }) {
  const form = useForm<PostFields>({
    defaultValues: {
      title: post?.title ?? '',
      summary: post?.summary ?? '',
      content: post?.content ?? '',
      allowLikes: post?.allowLikes ?? true,
      allowComments: post?.allowComments ?? true,
      heroImage: null,
      removeHeroImage: false,
    },
    resolver: messagesResolver(validatePost),
  });
  const [preview, setPreview] = useState(false);
  const content = useWatch({ control: form.control, name: 'content' });
  const save = useMutation({
    mutationFn: (values: PostFields) => {
      const draft = {
        title: values.title.trim(),
        content: values.content,
        summary: values.summary.trim(),
        allowLikes: values.allowLikes,
        allowComments: values.allowComments,
        heroImage: values.heroImage?.[0],
        removeHeroImage: values.removeHeroImage,
      };
      return post ? updatePost({ id: post._id, draft }) : createPost(draft);
    },
    onSuccess: () => onDone(post ? blogMessages.updated : blogMessages.created),
  });
  const titleRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => titleRef.current?.focus(), []);
  const field = bindFields(form);
  const busy = save.isPending;

  return (
    <form
      className="blog-manager__form"
      aria-labelledby="post-form-title"
      noValidate
      onSubmit={submitFittingImage(form, 'heroImage', (values) => save.mutate(values))}
    >
      <h3 id="post-form-title" className="blog-manager__heading" tabIndex={-1} ref={titleRef}>
        {post ? `Edit post: ${post.title}` : 'New post'}
      </h3>
      <TextField label="Title" maxLength={200} disabled={busy} {...field('title')} />
      <TextAreaField
        label="Summary (optional: made from the content when empty)"
        rows={2}
        maxLength={1000}
        disabled={busy}
        {...form.register('summary')}
      />
      <div className="blog-manager__tabs" role="group" aria-label="Content view">
        <button
          type="button"
          className="button button--secondary"
          aria-pressed={!preview}
          onClick={() => setPreview(false)}
        >
          Write
        </button>
        <button
          type="button"
          className="button button--secondary"
          aria-pressed={preview}
          onClick={() => setPreview(true)}
        >
          Preview
        </button>
      </div>
      <div hidden={preview}>
        <TextAreaField label="Content (markdown)" rows={14} disabled={busy} {...field('content')} />
      </div>
      {preview && (
        <section className="blog-manager__preview" aria-label="Preview">
          {content.trim() ? (
            <PostContent markdown={content} />
          ) : (
            <p className="status-text">Nothing to preview yet.</p>
          )}
        </section>
      )}
      {post?.heroImage && (
        <div className="blog-manager__current">
          <img
            src={post.heroImage}
            alt="Current hero"
            className="blog-manager__thumb blog-manager__thumb--large"
          />
          <label className="check">
            <input type="checkbox" disabled={busy} {...form.register('removeHeroImage')} /> Remove the current
            image
          </label>
        </div>
      )}
      <TextField
        label={
          post?.heroImage
            ? `Replace the hero image (${IMAGE_LIMIT_HINT})`
            : `Hero image (optional: ${IMAGE_LIMIT_HINT})`
        }
        type="file"
        accept={IMAGE_ACCEPT}
        disabled={busy}
        {...field('heroImage')}
      />
      <label className="check">
        <input type="checkbox" disabled={busy} {...form.register('allowLikes')} /> Allow likes
      </label>
      <label className="check">
        <input type="checkbox" disabled={busy} {...form.register('allowComments')} /> Allow comments
      </label>
      <FailureMessage error={save.error} fallback={blogMessages.operationFailed} />
      <div className="blog-manager__actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? 'Saving...' : post ? 'Update Post' : 'Create Post'}
        </button>
        <ActionButton disabled={busy} onClick={() => void onDone()}>
          Cancel
        </ActionButton>
      </div>
    </form>
  );
}
