import { notFound } from '@tanstack/react-router';
import { isApiStatus } from './api';

/**
 * For a detail route's loader: `ensureQueryData(...).catch(notFoundOn(404))`
 * turns an API reply with one of these statuses into the route's not-found
 * state (its notFoundComponent) and lets every other error through to the
 * route's errorComponent.
 */
export const notFoundOn =
  (...statuses: number[]) =>
  (error: unknown): never => {
    if (isApiStatus(error, ...statuses)) throw notFound();
    throw error;
  };
