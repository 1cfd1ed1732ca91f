import { type BusinessDetails, localBusinessDefaults } from '@app/core/business-details';
import { openingHoursOf } from '@app/core/opening-hours';
import { telHref } from '@app/core/rules/phone';

/**
 * The business's public details as the web build compiled them in
 * (web/vite.config.ts reads the same settings as the server: BUSINESS_NAME,
 * BUSINESS_AREA, BUSINESS_PUBLIC_EMAIL, BUSINESS_PHONE; core/src/config.ts).
 * The pages are pre-rendered, so the values are the build's. Outside a Vite
 * build (unit tests) they are the sample shop's.
 */
declare const __BUSINESS__: BusinessDetails | undefined;

const details: BusinessDetails = typeof __BUSINESS__ === 'undefined' ? localBusinessDefaults : __BUSINESS__;

/**
 * The opening hours the pages state (issue 30): the OPENING_HOURS setting, which the build reads
 * (web/vite.config.ts hands it over as VITE_OPENING_HOURS); empty, the spec's Mon-Fri 8:00-16:00.
 */
export const openingHours = openingHoursOf(import.meta.env.VITE_OPENING_HOURS as string | undefined);

/** The shop's public details, with its opening hours as the pages show them ('Mon-Fri', '8:00am-4:00pm'). */
export const business = {
  ...details,
  phoneHref: telHref(details.phone),
  hours: { days: openingHours.daysText, time: openingHours.timeText },
};

/** 'Services | Mobile Auto Care'. */
export const pageTitle = (page?: string): string => (page ? `${page} | ${business.name}` : business.name);
