/** The landing page of a booking's link (landing.ts): its reads and actions, without signing in. */
export * as BookingLinkPage from './landing';
