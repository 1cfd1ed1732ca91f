/** The desk's and the booking's wording of recommended work (issue 33). */
export const recommendedTexts = {
  intro:
    'Work customers declined or left for later, by customer. Each gets one follow-up with a booking link; Book it sends that link now.',
  loading: 'Loading recommended work...',
  failed: 'Could not load the recommended work.',
  empty: 'No open recommended work.',
  noName: 'Customer',
  booked: (name: string) => `Booking link sent to ${name || 'the customer'}.`,
  bookFailed: 'Could not send the booking link.',
  dismissed: 'Dismissed: it is off the list.',
  dismissFailed: 'Could not dismiss it.',
  confirmDismiss: (what: string, name: string) =>
    `Dismiss “${what}”${name ? ` for ${name}` : ''}? It leaves this list and gets no follow-up.`,
  lastTime: 'Last time we recommended',
  addHint: 'Tick any you want done on this visit: we add them to this booking.',
} as const;
