/**
 * The keywords End User Messaging answers itself (issue 36): a reply that is
 * one of them (trimmed, any case) is the service's business, never a message
 * for a person. The opt-out words put the number on the opt-out list; the
 * opt-in words take it off; HELP gets the number's help text.
 * https://docs.aws.amazon.com/sms-voice/latest/userguide/opt-out-list-keywords.html
 */
export const OPT_OUT_WORDS = [
  'STOP',
  'STOPALL',
  'UNSUBSCRIBE',
  'CANCEL',
  'END',
  'QUIT',
  'OPTOUT',
  'OPT-OUT',
  'REVOKE',
] as const;
export const OPT_IN_WORDS = ['START', 'UNSTOP', 'YES'] as const;
export const HELP_WORDS = ['HELP', 'INFO'] as const;

export type Keyword = 'opt-out' | 'opt-in' | 'help';

/** The keyword a reply is, if it is one. */
export function keywordOf(body: string): Keyword | undefined {
  const word = body.trim().toUpperCase();
  if ((OPT_OUT_WORDS as readonly string[]).includes(word)) return 'opt-out';
  if ((OPT_IN_WORDS as readonly string[]).includes(word)) return 'opt-in';
  if ((HELP_WORDS as readonly string[]).includes(word)) return 'help';
  return undefined;
}
