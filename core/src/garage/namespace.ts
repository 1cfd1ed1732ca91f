export * from './model';
export * from './recommend';
export * from './store';
