/**
 * Customers who answer a text (issue 36, decision 120): a reply matched by
 * number to the customer and their next open booking; C confirms, R sends
 * the reschedule link, anything else is a thread the job's technician or
 * the desk reads and answers.
 */
export * as TextReply from './namespace';
