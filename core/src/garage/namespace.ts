export * from './model';
export * from './recommend';
export * from './store';
export * from './due-rule';
export * from './due';
