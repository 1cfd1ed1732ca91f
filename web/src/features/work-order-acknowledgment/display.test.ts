import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import {
  ackMessages,
  formProblem,
  laborText,
  loadError,
  partText,
  showsTotals,
  submitError,
  vehicleText,
} from './display';

const reply = (status: number, body: Record<string, unknown>) =>
  new ApiError('x', status, typeof body.message === 'string' ? body.message : undefined, body);

describe('loadError (doc 2 §8 Acknowledgment load)', () => {
  it('maps each reply to its text', () => {
    expect(loadError(reply(404, { message: 'nope' }))).toBe(ackMessages.load.notFound);
    expect(loadError(reply(400, { alreadyAcknowledged: true, message: 'x' }))).toBe(
      'This work order has already been acknowledged.',
    );
    expect(loadError(reply(400, { expired: true, message: 'x' }))).toBe(
      'The acknowledgment link has expired. Please contact us for a new link.',
    );
    expect(loadError(reply(400, { message: 'Token malformed' }))).toBe('Token malformed');
    expect(loadError(reply(400, {}))).toBe('Invalid acknowledgment link.');
    expect(loadError(reply(500, { message: 'boom' }))).toBe('Failed to load work order. Please try again.');
    expect(loadError(new ApiError('offline', 0))).toBe('Failed to load work order. Please try again.');
  });
});

describe('submitError (doc 2 §8 Acknowledgment submit)', () => {
  it('maps each reply to its text', () => {
    expect(submitError(reply(403, { message: 'x' }))).toBe(
      'The email address does not match the work order customer.',
    );
    expect(submitError(reply(400, { alreadyAcknowledged: true }))).toBe(
      'This work order has already been acknowledged.',
    );
    expect(submitError(reply(400, { expired: true }))).toBe('The acknowledgment link has expired.');
    expect(submitError(reply(400, { message: 'Signature too large' }))).toBe('Signature too large');
    expect(submitError(reply(400, {}))).toBe('Invalid acknowledgment request.');
    expect(submitError(reply(502, {}))).toBe('Failed to acknowledge work order. Please try again.');
    // Issue 33: the loser of a race of answers on one link, and a change meanwhile, read the server's text.
    expect(submitError(reply(409, { message: 'Another answer was recorded.' }))).toBe(
      'Another answer was recorded.',
    );
  });
});

describe('formProblem (doc 2 §5)', () => {
  const ok = { name: 'Pat', email: 'pat@example.com', includeSignature: false, signatureEmpty: true };
  it('needs a name and an email that are not blank', () => {
    expect(formProblem({ ...ok, name: '   ' })).toBe('Please fill in all required fields.');
    expect(formProblem({ ...ok, email: '' })).toBe('Please fill in all required fields.');
  });
  it('needs an email that looks like one', () => {
    expect(formProblem({ ...ok, email: 'pat@example' })).toBe('Please enter a valid email address.');
  });
  it('needs a drawing only when the box is ticked', () => {
    expect(formProblem(ok)).toBeNull();
    expect(formProblem({ ...ok, includeSignature: true })).toBe('Please provide your digital signature.');
    expect(formProblem({ ...ok, includeSignature: true, signatureEmpty: false })).toBeNull();
  });
});

describe('the lines', () => {
  it('shows the vehicle with VIN and plate when present', () => {
    expect(vehicleText({ year: 2019, make: 'Honda', model: 'Civic', vin: '', licensePlate: '' })).toBe(
      '2019 Honda Civic',
    );
    expect(
      vehicleText({ year: 2019, make: 'Honda', model: 'Civic', vin: '1HG', licensePlate: 'ABC-1234' }),
    ).toBe('2019 Honda Civic · VIN: 1HG · Plate: ABC-1234');
  });
  it('shows hours at a rate and quantities at a price, two decimals', () => {
    expect(laborText({ hours: 1.5, hourlyRate: 75 })).toBe('1.5 hours at $75.00 per hour');
    expect(laborText({ hours: 1, hourlyRate: 80.5 })).toBe('1 hour at $80.50 per hour');
    expect(partText({ quantity: 2, unitPrice: 12.5 })).toBe('2 at $12.50 each');
  });
  it('shows totals only above 0', () => {
    expect(showsTotals({ pricing: { totalAmount: 0 } })).toBe(false);
    expect(showsTotals({ pricing: { totalAmount: 1.08 } })).toBe(true);
  });
});
