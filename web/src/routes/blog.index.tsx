import { createFileRoute } from '@tanstack/react-router';
import { postsQueryOptions } from '../features/blog/api';
import { PostList } from '../features/blog/components/PostList';
import { publicPage } from '../lib/public-page';
import { PageShell } from '../components/layout/PageShell';

export const Route = createFileRoute('/blog/')({
  ...publicPage('/blog', (client) => client.prefetchInfiniteQuery(postsQueryOptions())),
  component: BlogPage,
});

function BlogPage() {
  return (
    <PageShell
      title="Our Blog"
      headerClass="blog-header"
      intro={'Car-care tips, seasonal checklists and news from our technicians.'}
    >
      <PostList />
    </PageShell>
  );
}
