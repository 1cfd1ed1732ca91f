/** The business lives in one time zone (GUIDE: Time); dates are shown there, whatever the visitor's zone. */
const BUSINESS_TIME_ZONE = 'America/New_York';

const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: BUSINESS_TIME_ZONE });

/** 'March 5, 2025' for an ISO instant; '' when it cannot be read. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : longDate.format(date);
}
