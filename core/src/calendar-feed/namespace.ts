/**
 * The technicians' and the admin's calendar subscription feeds (issue 36,
 * decision 118): the address (address.ts) and the feed itself (feed.ts).
 * Above booking and crew, whose items it reads.
 */
export { type Address, address, calendarFeedMessages, renew } from './address';
export { FEED_DAYS, feed, type FeedReply } from './feed';
