export * from './model';
export * from './store';
