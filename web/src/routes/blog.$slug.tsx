import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link, useLocation, useNavigate } from '@tanstack/react-router';
import { type ReactNode, useEffect } from 'react';
import { postQueryOptions } from '../features/blog/api';
import { PostArticle } from '../features/blog/components/PostArticle';
import { useAuth } from '../lib/auth/store';
import { pageTitle } from '../lib/business';
import { notFoundOn } from '../lib/loaders';

export const Route = createFileRoute('/blog/$slug')({
  // Awaited so the title can name the post. A 404 is the route's not-found state; other errors reach its errorComponent.
  loader: async ({ context, params }) => {
    const post = await context.queryClient
      .ensureQueryData(postQueryOptions(params.slug))
      .catch(notFoundOn(404));
    return { title: post.title };
  },
  head: ({ loaderData }) => ({ meta: [{ title: pageTitle(loaderData?.title ?? 'Blog') }] }),
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
