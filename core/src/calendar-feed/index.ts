export * as CalendarFeed from './namespace';
