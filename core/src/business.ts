import { config } from './config';
import { telHref } from './rules/phone';

/**
 * The shop's public details, shown on the pages the server renders and
 * signed under every mail and text: settings (BUSINESS_NAME, BUSINESS_AREA,
 * BUSINESS_PUBLIC_EMAIL, BUSINESS_PHONE; core/src/config.ts), read when used.
 * The browser's copy is the web build's (web/src/lib/business.ts).
 */
export const business = {
  get name(): string {
    return config().business.name;
  },
  get area(): string {
    return config().business.area;
  },
  get email(): string {
    return config().business.email;
  },
  get phone(): string {
    return config().business.phone;
  },
  get phoneHref(): string {
    return telHref(config().business.phone);
  },
  /** The opening hours as pages and mails state them: the OPENING_HOURS setting (core/src/opening-hours.ts). */
  get hours(): { days: string; time: string } {
    const { daysText, timeText } = config().openingHours;
    return { days: daysText, time: timeText };
  },
};
