import { NOT_ADMIN, useActor, useUser } from '../actor';
import { Booking } from '../booking/index';
import { Technician } from '../technician/index';
import { fail } from './messages';

export const staffMessages = {
  notYourJob: 'You can only work on the work orders of your own jobs.',
} as const;

/**
 * Who may open, create or edit a work order (issue 22, decision 079): the
 * system, an admin, or the technician of the job it is tied to
 * (`relatedBooking`, whose day holds it). Anyone else, or a technician on a
 * work order tied to no job of theirs, is refused 403.
 */
export async function assertWorksOn(relatedBooking: string | undefined): Promise<void> {
  if (useActor().type === 'system') return;
  const user = useUser();
  if (user.role === 'admin') return;
  if (user.role === 'technician' && relatedBooking) {
    const technician = await Booking.technicianOf(relatedBooking);
    if (technician !== undefined) {
      try {
        await Technician.assertWorks(technician);
        return;
      } catch {
        // Refused below, with the work order's wording.
      }
    }
  }
  fail('forbidden', user.role === 'technician' ? staffMessages.notYourJob : NOT_ADMIN);
}
