/**
 * "Your car is due" (issue 34, decision 124): the notices the `vehicle-due`
 * queue holds (the item and its rules are the garage's: core/src/garage/due*.ts),
 * their mail and text, and the customer's "not now". Above booking.
 */
export * as DueReminder from './namespace';
