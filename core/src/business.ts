/** The shop's public details: shown on the site's pages and signed under every mail. */
export const business = {
  name: 'Mobile Auto Care',
  area: 'West Chester, PA',
  email: 'info@mobileautocare.example',
  phone: '(610) 555-0142',
  phoneHref: 'tel:+16105550142',
  /** Opening hours as the pages and mails state them (doc 2 §9: Mon-Fri 8:00-16:00). */
  hours: { days: 'Mon-Fri', time: '8:00am-4:00pm' },
} as const;

/** The opening hours as data, for search engines (the home page's structured data): the hours above. */
export const openingHours = {
  days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
  opens: '08:00',
  closes: '16:00',
} as const;
