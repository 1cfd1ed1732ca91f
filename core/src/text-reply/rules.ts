/**
 * What a technician or the desk may text a customer back (issue 36): one
 * rule, read by the server's schema and the browser's form. Zod-free.
 */
export const ANSWER_MAX = 480;

export const answerMessages = {
  blank: 'Write the text to send.',
  tooLong: `A text holds at most ${ANSWER_MAX} characters.`,
} as const;

export function answerProblem(value: string | null | undefined): string | undefined {
  const text = (value ?? '').trim();
  if (!text) return answerMessages.blank;
  if (text.length > ANSWER_MAX) return answerMessages.tooLong;
  return undefined;
}

/** The two replies that act (trimmed, any case): C confirms the visit, R asks for the reschedule link. */
export const COMMANDS = { C: 'confirm', R: 'reschedule' } as const;
export type Command = (typeof COMMANDS)[keyof typeof COMMANDS];

export function commandOf(body: string): Command | undefined {
  const word = body.trim().toUpperCase();
  return word === 'C' || word === 'R' ? COMMANDS[word] : undefined;
}
