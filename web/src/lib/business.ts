import { business as shop } from '@app/core/business';
import { openingHoursOf } from '@app/core/opening-hours';

/**
 * The opening hours the pages state (issue 30): the OPENING_HOURS setting, which the build reads
 * (web/vite.config.ts hands it over as VITE_OPENING_HOURS); empty, the spec's Mon-Fri 8:00-16:00.
 */
export const openingHours = openingHoursOf(import.meta.env.VITE_OPENING_HOURS as string | undefined);

/** The shop's public details, with its opening hours as the pages show them ('Mon-Fri', '8:00am-4:00pm'). */
export const business = {
  ...shop,
  hours: { days: openingHours.daysText, time: openingHours.timeText },
} as const;

/** 'Services | Mobile Auto Care'. */
export const pageTitle = (page?: string): string => (page ? `${page} | ${business.name}` : business.name);
