/**
 * The shop's technicians (issue 22, decision 078): who they are, when they
 * work (Technician.crewOn: what availability and every claim use), their
 * sign-in accounts, and the admin's verbs. The members live in one file per
 * job (namespace.ts lists them).
 */
export * as Technician from './namespace';
