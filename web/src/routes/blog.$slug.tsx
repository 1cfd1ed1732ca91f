import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link, useLocation, useNavigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { postQueryOptions } from '../features/blog/api';
import { PostArticle } from '../features/blog/components/PostArticle';
import { useAuth } from '../lib/auth/store';
import { pageTitle } from '../lib/business';

export const Route = createFileRoute('/blog/$slug')({
  // Awaited so the title can name the post; a failure is shown by the page, not the error boundary.
  loader: async ({ context, params }) => {
    const post = await context.queryClient
      .ensureQueryData(postQueryOptions(params.slug))
      .catch(() => undefined);
    return { title: post?.title };
  },
  head: ({ loaderData }) => ({ meta: [{ title: pageTitle(loaderData?.title ?? 'Blog') }] }),
  pendingComponent: () => (
    <PostShell>
      <PostLoading />
    </PostShell>
  ),
  component: BlogPostPage,
});

function BlogPostPage() {
  const { slug } = Route.useParams();
  const { user } = useAuth();
  const navigate = useNavigate();
  const href = useLocation({ select: (location) => location.href });
  // The loader asked already: this reads its result (or its error) without asking again.
  const { data: post, isPending } = useQuery({ ...postQueryOptions(slug), retryOnMount: false });

  return (
    <PostShell>
      {post ? (
        <PostArticle
          post={post}
          viewerId={user?._id ?? null}
          here={href}
          onLoginNeeded={() => void navigate({ to: '/login', search: { redirect: href } })}
        />
      ) : isPending ? (
        <PostLoading />
      ) : (
        <>
          <h1>Post not found</h1>
          <p className="status-text status-text--error" role="alert">
            Could not find the requested post.
          </p>
        </>
      )}
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
