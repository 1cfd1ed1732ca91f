import { calendarDate } from '../../lib/search';
import { readRecommended, type RecommendedSearch } from '../../lib/recommended-search';
import { type ChoiceSearch, readChoice } from './choice';

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const ADDRESS = /^[\w-]{1,64}$/;
const ZIP = /^\d{5}$/;

/**
 * The times page's address (?date=yyyy-MM-dd): Back from the details page and the login redirect keep it.
 * So do the chosen service address (?address=, a saved one's id) and a visitor's ?zip= (issue 20).
 */
export type BookSearch = { date?: string; address?: string; zip?: string } & ChoiceSearch & RecommendedSearch;

/**
 * The chosen time, in the details page's address (decision 112): `?date=yyyy-MM-dd&time=HH:mm&address=<saved id>`,
 * the same `address` the times page carries, so a reload (or Back and Forward) keeps the choice.
 */
export type DetailsSearch = { date?: string; time?: string; address?: string } & ChoiceSearch &
  RecommendedSearch;

const text = (value: unknown, pattern: RegExp) =>
  typeof value === 'string' && pattern.test(value) ? value : undefined;

/** What both booking pages' addresses carry; `time` and `zip` are each one page's own. */
function readBooking(search: Record<string, unknown>, own: { time?: string; zip?: string }) {
  const date = calendarDate(search.date);
  const address = text(search.address, ADDRESS);
  return {
    ...(date ? { date } : {}),
    ...(own.time ? { time: own.time } : {}),
    ...(address ? { address } : {}),
    ...(own.zip ? { zip: own.zip } : {}),
    // The vehicle class and add-ons (issue 34): the price, and the times that fit the job's length.
    ...readChoice(search),
    ...readRecommended(search),
  };
}

export function readBookSearch(search: Record<string, unknown>): BookSearch {
  // The router reads a ZIP typed into the address bar (?zip=19380) as a number.
  const zip = typeof search.zip === 'number' ? String(search.zip).padStart(5, '0') : search.zip;
  return readBooking(search, { zip: text(zip, ZIP) });
}

export function readDetailsSearch(search: Record<string, unknown>): DetailsSearch {
  return readBooking(search, { time: text(search.time, TIME) });
}
