import { business } from '@app/core/business';

export { business };

/** 'Services | Mobile Auto Care'. */
export const pageTitle = (page?: string): string => (page ? `${page} | ${business.name}` : business.name);
