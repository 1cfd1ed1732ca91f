/** The shop's public contact details, shown in the footer and on pages that point people to a phone call. */
export const business = {
  name: 'Mobile Auto Care',
  area: 'West Chester, PA',
  email: 'info@mobileautocare.example',
  phone: '(610) 555-0142',
  phoneHref: 'tel:+16105550142',
} as const;

/** 'Services | Mobile Auto Care'. */
export const pageTitle = (page?: string): string => (page ? `${page} | ${business.name}` : business.name);
