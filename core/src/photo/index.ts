export * as BookingPhoto from './namespace';
