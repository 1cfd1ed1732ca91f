/** The admin's Today and the dispatch board (issue 22, decision 081). */
export * as Dispatch from './dispatch';
