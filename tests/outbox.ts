import { transactWrite } from '@app/core/db/entity';
import { Outbox } from '@app/core/mail/outbox';

/**
 * Writes a prepared mail or text to the outbox and delivers it, then drains
 * the outbox seven hours later each time until its MAX_ATTEMPTS are spent:
 * with the sender failing (as the test makes it), the outbox gives up on it.
 * Starts the clock at `now`; returns the last drain's.
 */
export async function deliverUntilGivenUp(prepared: Outbox.Prepared, now = Date.now()): Promise<number> {
  await transactWrite([prepared.item]);
  await Outbox.deliver(prepared);
  for (let i = 1; i < Outbox.MAX_ATTEMPTS; i += 1) {
    now += 7 * 60 * 60 * 1000;
    await Outbox.drain({ now });
  }
  return now;
}
