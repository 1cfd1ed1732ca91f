export * from './encode';
export * from './store';
export * from './upload';
