/** What `RecommendedWork` offers (index.ts): the items of a vehicle's recommended work (issue 33, decision 126). */
export * from './recommend';
