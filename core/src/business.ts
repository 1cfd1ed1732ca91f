/** The shop's public details: shown on the site's pages and signed under every mail. */
export const business = {
  name: 'Mobile Auto Care',
  area: 'West Chester, PA',
  email: 'info@mobileautocare.example',
  phone: '(610) 555-0142',
  phoneHref: 'tel:+16105550142',
} as const;

// The opening hours are a setting (OPENING_HOURS, core/src/opening-hours.ts): config().openingHours on the
// server, web/src/lib/business.ts in the browser.
