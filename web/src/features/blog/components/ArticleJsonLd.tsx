import { business } from '../../../lib/business';
import { absoluteUrl } from '../../../lib/seo';
import { personName, type PostDetail } from '../types';

/**
 * A post's structured data for search engines (issue 24): schema.org Article
 * with its headline, summary, image, dates, author and the shop as publisher.
 * In the page the API server renders with the post (decision 072).
 */
export function ArticleJsonLd({ post }: { post: PostDetail }) {
  const data = {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: post.title,
    description: post.summary,
    ...(post.heroImage ? { image: [absoluteUrl(post.heroImage)] } : {}),
    datePublished: post.createdAt,
    dateModified: post.updatedAt,
    author: { '@type': 'Person', name: personName(post.author, 'Admin') },
    publisher: { '@type': 'Organization', name: business.name },
    mainEntityOfPage: absoluteUrl(`/blog/${post.slug}`),
  };
  // `<` escaped, so no text can end the script element early.
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}
