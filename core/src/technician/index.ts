import { useActor, useUser } from '../actor';
import { config } from '../config';
import { VisibleError } from '../error';

/**
 * The shop's technicians (issue 22). A technician is known to the routes and
 * claims by a number (1, 2, …: the key of their days, `TECHDAY#<date>#<n>`,
 * and a booking's `claim.technician`), and to people by a name and, once
 * invited, a sign-in account with the role `technician`.
 *
 * This first version derives the crew from CREW_SIZE ("Technician 1" … N,
 * no accounts); the technicians' branch (issue 22) stores them, with their
 * accounts, working hours and days off, behind the same functions.
 */
export namespace Technician {
  export type Info = {
    /** The key of their days and claims. */
    number: number;
    firstName: string;
    lastName: string;
    /** Their sign-in account (role technician), once invited. */
    userId?: string;
    active: boolean;
  };

  /** Every technician of the shop, active or not, by number (a crew is small: one read). */
  export async function list(): Promise<Info[]> {
    return Array.from({ length: config().crewSize }, (_, i) => ({
      number: i + 1,
      firstName: 'Technician',
      lastName: String(i + 1),
      active: true,
    }));
  }

  /** The technician numbered `number`, or null. */
  export async function get(number: number): Promise<Info | null> {
    return (await list()).find((t) => t.number === number) ?? null;
  }

  /** The technician whose account is `userId`, or null. */
  export async function ofUser(userId: string): Promise<Info | null> {
    return (await list()).find((t) => t.userId === userId) ?? null;
  }

  /**
   * 401 without a session; passes for the system, an admin, and the
   * technician `number` (the job's technician); 403 for anyone else.
   */
  export async function assertWorks(number: number | undefined): Promise<void> {
    if (useActor().type === 'system') return;
    const user = useUser();
    if (user.role === 'admin') return;
    if (user.role === 'technician' && number !== undefined) {
      const me = await ofUser(user.userId);
      if (me?.active && me.number === number) return;
    }
    throw new VisibleError('forbidden', 'You do not have permission to do that.');
  }
}
