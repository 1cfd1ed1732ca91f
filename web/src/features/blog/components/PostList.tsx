import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { formatDate } from '../../../lib/date';
import { postsQueryOptions } from '../api';
import { truncateSummary } from '../summary';
import { personName, type PostInfo } from '../types';
import '../blog.css';
import { ResponsiveImage } from '../../../components/ui/ResponsiveImage';
import { ShowMore } from '../../../components/ui/ShowMore';

/**
 * The blog list's cards (doc 1 §2) with its loading, empty and error texts
 * (doc 1 §8), a page at a time: 'Show more posts' asks for the next page.
 */
export function PostList() {
  const list = useInfiniteQuery(postsQueryOptions());
  const posts = list.data?.pages.flatMap((page) => page.items);
  const isPending = list.isPending;

  if (!posts) {
    return isPending ? (
      <p className="status-text" role="status">
        Loading posts...
      </p>
    ) : (
      <p className="status-text status-text--error" role="alert">
        There was an error fetching the blog posts.
      </p>
    );
  }
  if (posts.length === 0) return <p className="status-text">No blog posts have been published yet.</p>;

  return (
    <>
      <ul className="post-grid">
        {posts.map((post, index) => (
          <li key={post._id}>
            <PostCard post={post} first={index === 0} />
          </li>
        ))}
      </ul>
      <ShowMore pages={list} label="Show more posts" className="post-list__more" />
      {list.isFetchNextPageError && (
        <p className="status-text status-text--error" role="alert">
          There was an error fetching the blog posts.
        </p>
      )}
    </>
  );
}

/** The first card's image is the page's largest paint: fetched at once; the others when near (issue 24). */
function PostCard({ post, first }: { post: PostInfo; first: boolean }) {
  return (
    <article className="card post-card">
      {post.heroImage ? (
        <ResponsiveImage
          className="post-card__image"
          src={post.heroImage}
          sizes="(min-width: 75rem) 24rem, (min-width: 40rem) 50vw, 100vw"
          width={640}
          height={360}
          {...(first
            ? { fetchPriority: 'high' as const }
            : { loading: 'lazy' as const, decoding: 'async' as const })}
        />
      ) : (
        <div className="post-card__image post-card__image--empty" aria-hidden="true" />
      )}
      <div className="post-card__body">
        <h2 className="post-card__title">
          {/* The whole card is clickable through this link's ::after; the title is its name. */}
          <Link to="/blog/$slug" params={{ slug: post.slug }} className="post-card__link">
            {post.title}
          </Link>
        </h2>
        <p className="post-card__meta">
          By {personName(post.author, 'Admin')} ·{' '}
          <time dateTime={post.createdAt}>{formatDate(post.createdAt)}</time>
        </p>
        <p className="post-card__summary">{truncateSummary(post.summary)}</p>
        <p className="post-card__more" aria-hidden="true">
          Read more →
        </p>
      </div>
    </article>
  );
}
