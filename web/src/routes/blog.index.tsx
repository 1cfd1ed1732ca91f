import { createFileRoute } from '@tanstack/react-router';
import { postsQueryOptions } from '../features/blog/api';
import { PostList } from '../features/blog/components/PostList';
import { pageTitle } from '../lib/business';
import { pageHead } from '../lib/seo';

export const Route = createFileRoute('/blog/')({
  head: () =>
    pageHead({
      title: pageTitle('Blog'),
      description:
        'Car-care tips, seasonal checklists and news from the technicians of Mobile Auto Care in West Chester, PA.',
      path: '/blog',
    }),
  loader: ({ context }) => {
    void context.queryClient.prefetchInfiniteQuery(postsQueryOptions());
  },
  component: BlogPage,
});

function BlogPage() {
  return (
    <div className="page container">
      <header className="section-header blog-header">
        <h1>Our Blog</h1>
        <p>Car-care tips, seasonal checklists and news from our technicians.</p>
      </header>
      <PostList />
    </div>
  );
}
