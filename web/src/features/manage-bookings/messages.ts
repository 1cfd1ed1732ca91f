/**
 * The bookings desk's texts: doc 2 §2 (empty texts), §5 (assign) and §8
 * (admin bookings, success alerts), word for word where the spec gives them.
 * The three success alerts are named but not worded by the spec; their words
 * are ours (docs/decisions/030-bookings-desk-screens.md).
 */
export const deskMessages = {
  noActive: 'No active bookings found.',
  noMatch: 'No bookings match your criteria.',
  fetchFailed: 'Could not fetch bookings.',
  statusFailed: 'Failed to update status.',
  searchFailed: 'Search failed. Please try again.',
  createFailed: 'Failed to create booking',
  customersFailed: 'Failed to load customers',
  invalidFormat: 'Invalid response format from server',
  customerSearchFailed: 'Failed to search customers. Please try again.',
  createCustomerFailed: 'Failed to create customer',
  assignFailed: 'Failed to assign booking',
  noCustomers: 'No customers found. Try adjusting your search or create a new customer.',
  selectCustomerFirst: 'Please select a customer first',
  // Success alerts (doc 2 §8: named, not worded).
  created: 'Custom booking created successfully! Now assign it to a customer.',
  assigned: 'Booking assigned successfully! A verification email has been sent to the customer.',
  customerCreatedAndAssigned:
    'New customer created and booking assigned successfully! They have been emailed an invitation to set a password and a link to confirm the booking.',
  progressSaved: 'Progress saved.',
  paymentLinkFailed: 'Could not send the payment link. Please try again.',
  retryFailed: 'Could not retry the charge. Please try again.',
  refundFailed: 'Could not make the refund. Please try again.',
  refundAmount: 'Enter an amount of at least $0.01, at most what is left to refund.',
  refundReason: 'Enter the reason for the refund.',
  refundTip: 'Enter a tip to give back of at most the tip left to refund.',
  chargeOptionsFailed: 'Could not read the amounts to charge. Please try again.',
  acknowledgmentSent: 'The work order was sent to the customer to acknowledge.',
} as const;
