import * as z from 'zod';
import { fn } from '../util/fn';
import { LinkToken } from './link-token';

/**
 * The one verb behind every link of a notice that is never used up (RFC 8058 one-click; issues 21,
 * 33 and 34): the token, a view link of its flow row, names the subject; `apply` does what the link
 * says to its record, and every POST, the second one too, answers `done`.
 */
export function standingLinkVerb(
  flow: LinkToken.FlowName,
  done: string,
  apply: (record: LinkToken.Stored) => Promise<void>,
) {
  return fn(z.string(), async (token: string): Promise<{ msg: string }> => {
    const found = await LinkToken.view(flow, token);
    if (!found.ok) LinkToken.refuse(found.reason, flow);
    await apply(found.record);
    return { msg: done };
  });
}
