import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link, useLocation, useNavigate } from '@tanstack/react-router';
import { type ReactNode, useEffect } from 'react';
import { commentsQueryOptions, postQueryOptions } from '../features/blog/api';
import { ArticleJsonLd } from '../features/blog/components/ArticleJsonLd';
import { PostArticle } from '../features/blog/components/PostArticle';
import { useAuth } from '../lib/auth/store';
import { pageTitle } from '../lib/business';
import { notFoundOn } from '../lib/loaders';
import { absoluteUrl, pageHead } from '../lib/seo';

export const Route = createFileRoute('/blog/$slug')({
  // Awaited so the head can name the post. A 404 is the route's not-found state; other errors reach its errorComponent.
  // The comments start at once too: the page the API server renders carries them (decision 072).
  loader: async ({ context, params }) => {
    const post = await context.queryClient
      .ensureQueryData(postQueryOptions(params.slug))
      .catch(notFoundOn(404));
    if (post.allowComments) void context.queryClient.prefetchInfiniteQuery(commentsQueryOptions(post._id));
    return { title: post.title, summary: post.summary, slug: post.slug, heroImage: post.heroImage ?? null };
  },
  // Its own canonical address (the current slug, also when an old one was asked for) and Open Graph image.
  head: ({ loaderData }) => {
    if (!loaderData) return { meta: [{ title: pageTitle('Blog') }] };
    const head = pageHead({
      title: pageTitle(loaderData.title),
      description: loaderData.summary,
      path: `/blog/${loaderData.slug}`,
      type: 'article',
    });
    if (loaderData.heroImage)
      head.meta.push({ property: 'og:image', content: absoluteUrl(loaderData.heroImage) });
    return head;
  },
  pendingComponent: () => (
    <PostShell>
      <PostLoading />
    </PostShell>
  ),
  notFoundComponent: PostNotFound,
  // The spec has one text for a post that cannot be shown, whatever the reason (doc 2 §8).
  errorComponent: PostNotFound,
  component: BlogPostPage,
});

function BlogPostPage() {
  const { slug } = Route.useParams();
  const { user } = useAuth();
  const navigate = useNavigate();
  const href = useLocation({ select: (location) => location.href });
  // The loader has put the post in the cache: this reads it (and follows a like's update).
  const { data: post } = useSuspenseQuery(postQueryOptions(slug));
  // An old slug (the title changed since) answers the post: the address moves to the current one,
  // replacing the old entry (decision 036). Here, in the page's lazy chunk, not in the loader of the entry.
  useEffect(() => {
    if (post.slug !== slug) void navigate({ to: '/blog/$slug', params: { slug: post.slug }, replace: true });
  }, [navigate, post.slug, slug]);

  return (
    <PostShell>
      <ArticleJsonLd post={post} />
      <PostArticle
        post={post}
        viewerId={user?._id ?? null}
        here={href}
        onLoginNeeded={() => void navigate({ to: '/login', search: { redirect: href } })}
      />
    </PostShell>
  );
}

function PostNotFound() {
  return (
    <PostShell>
      <h1>Post not found</h1>
      <p className="status-text status-text--error" role="alert">
        Could not find the requested post.
      </p>
    </PostShell>
  );
}

function PostLoading() {
  return (
    <>
      <h1 className="visually-hidden">Blog post</h1>
      <p className="status-text" role="status">
        Loading post...
      </p>
    </>
  );
}

function PostShell({ children }: { children: ReactNode }) {
  return (
    <div className="page container post-page">
      <p className="back-link">
        <Link to="/blog">
          <span aria-hidden="true">←</span> Back to the blog
        </Link>
      </p>
      {children}
    </div>
  );
}
