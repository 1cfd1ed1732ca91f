import { useMutation, useQueryClient } from '@tanstack/react-query';
import { formatDate } from '../../../lib/date';
import { applyLikes, likePost } from '../api';
import { PostContent } from '../../../components/markdown/PostContent';
import { ResponsiveImage } from '../../../components/ui/ResponsiveImage';
import { personName, type PostDetail } from '../types';
import { Comments } from './Comments';
import { LikeButton } from './LikeButton';
import '../blog.css';

type PostArticleProps = {
  post: PostDetail;
  /** The signed-in user's id, or null for a visitor. */
  viewerId: string | null;
  /** A visitor pressed Like: the page sends them to log in (doc 2 §2). */
  onLoginNeeded: () => void;
  /** This page's address, for the comment box's login link. */
  here: string;
};

/**
 * The blog post (doc 2 §2): hero, title, author, date, the markdown content,
 * the like control when `allowLikes` and the comments when `allowComments`.
 * A failed like is only logged (doc 2 §8).
 */
export function PostArticle({ post, viewerId, onLoginNeeded, here }: PostArticleProps) {
  const queryClient = useQueryClient();
  const like = useMutation({
    mutationFn: () => likePost(post._id),
    onSuccess: (likes) => applyLikes(queryClient, post.slug, likes),
    onError: (error) => console.warn('Could not record the like:', error),
  });

  return (
    <article className="post" aria-labelledby="post-title">
      {/* The page's largest paint: fetched at once, in space kept by its size (issue 24). */}
      {post.heroImage && (
        <ResponsiveImage
          className="post__hero"
          src={post.heroImage}
          sizes="(min-width: 50rem) 48rem, 100vw"
          width={1200}
          height={675}
          fetchPriority="high"
        />
      )}
      <header className="post__header">
        <h1 id="post-title">{post.title}</h1>
        <p className="post__meta">
          By {personName(post.author, 'Admin')} ·{' '}
          <time dateTime={post.createdAt}>{formatDate(post.createdAt)}</time>
        </p>
      </header>
      <PostContent markdown={post.content} />
      {post.allowLikes && (
        <div className="post__actions">
          <LikeButton
            count={post.likes.length}
            liked={!!viewerId && post.likes.includes(viewerId)}
            busy={like.isPending}
            onClick={() => (viewerId ? like.mutate() : onLoginNeeded())}
          />
        </div>
      )}
      {post.allowComments && <Comments postId={post._id} signedIn={!!viewerId} loginRedirect={here} />}
    </article>
  );
}
