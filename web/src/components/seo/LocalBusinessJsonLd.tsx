import { business, openingHours } from '../../lib/business';
import { siteUrl } from '../../lib/seo';

type Props = {
  /** The reviews' star ratings (1-5); undefined until they have loaded. */
  ratings?: readonly number[];
};

/** Schema.org's aggregateRating: the average to one decimal and the count, when there are reviews. */
export function aggregateRating(ratings: readonly number[] | undefined) {
  if (!ratings || ratings.length === 0) return undefined;
  const average = ratings.reduce((sum, rating) => sum + rating, 0) / ratings.length;
  return {
    '@type': 'AggregateRating',
    ratingValue: Math.round(average * 10) / 10,
    reviewCount: ratings.length,
    bestRating: 5,
    worstRating: 1,
  };
}

/**
 * The home page's structured data for search engines (decision 044):
 * schema.org AutoRepair, a LocalBusiness. The pre-rendered page carries it
 * without the rating; the rating summary is added once the reviews have
 * loaded (search engines that run scripts see it).
 */
export function LocalBusinessJsonLd({ ratings }: Props) {
  const data = {
    '@context': 'https://schema.org',
    '@type': 'AutoRepair',
    name: business.name,
    ...(siteUrl ? { url: `${siteUrl}/` } : {}),
    telephone: business.phoneHref.replace(/^tel:/, ''),
    email: business.email,
    address: {
      '@type': 'PostalAddress',
      addressLocality: 'West Chester',
      addressRegion: 'PA',
      addressCountry: 'US',
    },
    areaServed: { '@type': 'City', name: business.area },
    openingHoursSpecification: [
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: [...openingHours.days],
        opens: openingHours.opens,
        closes: openingHours.closes,
      },
    ],
    aggregateRating: aggregateRating(ratings),
  };
  // `<` escaped, so no text can end the script element early.
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}
