/**
 * Service plans and memberships (issue 35, decision 131): what the admin offers, a customer's
 * vehicle enrolled on one, and its visits placed ahead as ordinary bookings (each through the
 * booking's one claim). Billing's monthly periods are h-billing's (period*.ts, billing*.ts).
 */
export * as Plan from './namespace';
