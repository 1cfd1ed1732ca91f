export * as Garage from './namespace';
