/** Recommended work (issue 33, decision 126): the desk's list, the follow-up, a vehicle's open lines. */
export * as Recommended from './namespace';
