import { type BusinessDetails, businessHours, localBusinessDefaults } from '@app/core/business-details';
import { telHref } from '@app/core/sms/phone';

/**
 * The business's public details as the web build compiled them in
 * (web/vite.config.ts reads the same settings as the server: BUSINESS_NAME,
 * BUSINESS_AREA, BUSINESS_PUBLIC_EMAIL, BUSINESS_PHONE; core/src/config.ts).
 * The pages are pre-rendered, so the values are the build's. Outside a Vite
 * build (unit tests) they are the sample shop's.
 */
declare const __BUSINESS__: BusinessDetails | undefined;

const details: BusinessDetails = typeof __BUSINESS__ === 'undefined' ? localBusinessDefaults : __BUSINESS__;

export const business = { ...details, phoneHref: telHref(details.phone), hours: businessHours };

/** 'Services | Mobile Auto Care'. */
export const pageTitle = (page?: string): string => (page ? `${page} | ${business.name}` : business.name);
