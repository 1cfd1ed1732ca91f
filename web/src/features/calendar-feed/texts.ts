/** What the Calendar card says (issue 36). */
export const calendarFeedTexts = {
  what: (admin: boolean, days: number) =>
    `${admin ? "Every technician's jobs" : 'Your jobs'} for the next ${days} days, in your phone's calendar app. ` +
    'Subscribe once: it keeps itself up to date (calendar apps check every few hours).',
  loading: 'Loading your calendar address...',
  failedRead: 'Your calendar address could not be loaded.',
  make: 'Make my calendar address',
  making: 'Making the address...',
  made: 'Your calendar address is ready: subscribe to it or copy it.',
  replaced: 'New address made: the old one no longer works. Subscribe again with this one.',
  failed: 'The address could not be made. Please try again.',
  subscribe: 'Subscribe in my calendar app',
  webcalLabel: 'Calendar app address (webcal://)',
  httpsLabel: 'Web address (for Google Calendar: From URL)',
  copied: (label: string) => `Copied the ${label.split(' (')[0]!.toLowerCase()}.`,
  copyByHand: 'Copying is not available here: select the address and copy it yourself.',
  private: 'Keep this address to yourself: anyone who has it can see these jobs.',
  newAddress: 'New address',
  confirmTitle: 'Make a new calendar address?',
  confirmText:
    'The address you use now stops working at once, and calendars subscribed to it stop updating. ' +
    'Subscribe again with the new one.',
} as const;
