export * as VehicleHistory from './namespace';
