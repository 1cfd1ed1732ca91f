/** What `GarageDue` offers (index.ts): a vehicle's "your car is due" rule and items (issue 34, decision 124). */
export * from './due-rule';
export * from './due';
