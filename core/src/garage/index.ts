export * as Garage from './namespace';
export * as GarageDue from './due-namespace';
export * as RecommendedWork from './work-namespace';
