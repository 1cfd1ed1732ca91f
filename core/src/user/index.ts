/**
 * Accounts: the user item, its unique-email guard, and the reads sign-in needs.
 *
 * The namespace's members live in one file per job (namespace.ts lists them).
 */
export * as User from './namespace';
