import { business } from '@app/core/business';

export { business };

/** 'Services | Mobile Auto Care'. */
export const pageTitle = (page?: string): string => (page ? `${page} | ${business.name}` : business.name);

/** Opening hours as the about and contact pages state them (doc 2 §9: Mon-Fri 8:00-16:00). */
export const businessHours = { days: 'Mon-Fri', time: '8:00am-4:00pm' } as const;
