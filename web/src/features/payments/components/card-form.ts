/** The spec's texts for the card form (doc 2 §5, §8). */
export const paymentTexts = {
  configFailed: 'Unable to load payment configuration. Please try again later.',
  initFailed: 'We could not initialize the payment form. Please refresh and try again.',
  notReady: 'Payment fields not ready. Please wait.',
  tokenizeFailed: 'Tokenization failed. Please check your card details.',
  saveFailed: 'An error occurred while saving your card.',
} as const;

export type SaveState = { busy: boolean; hasCard: boolean; save: (token: string) => void };

export const submitLabel = ({ busy, hasCard }: Pick<SaveState, 'busy' | 'hasCard'>) =>
  busy ? 'Saving...' : hasCard ? 'Replace Card' : 'Save Card';
