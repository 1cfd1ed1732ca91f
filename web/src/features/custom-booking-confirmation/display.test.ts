import { describe, expect, it } from 'vitest';
import {
  DECLINE_QUESTION,
  durationOf,
  longDateOf,
  priceOf,
  serviceNameOf,
  timeOf,
  vehicleOf,
} from './display';

describe('the confirmation page', () => {
  it('names the service: the custom name if custom, else the service, else Professional Service', () => {
    const service = { name: 'Oil Change', price: 89 };
    expect(serviceNameOf({ isCustomService: true, customServiceName: 'Brakes', service })).toBe('Brakes');
    expect(serviceNameOf({ isCustomService: false, customServiceName: 'Brakes', service })).toBe(
      'Oil Change',
    );
    expect(serviceNameOf({ isCustomService: true, customServiceName: null, service })).toBe('Oil Change');
    expect(serviceNameOf({ isCustomService: true, customServiceName: '', service: null })).toBe(
      'Professional Service',
    );
    expect(serviceNameOf({ isCustomService: false, customServiceName: null, service: null })).toBe(
      'Professional Service',
    );
  });

  it('writes the date in long US format and the time on a 12-hour clock', () => {
    expect(longDateOf('2026-03-09')).toBe('Monday, March 9, 2026');
    expect(timeOf('14:30')).toBe('2:30 PM');
    expect(timeOf('soon')).toBe('soon');
  });

  it('defaults the duration to 60 minutes', () => {
    expect(durationOf(90)).toBe('90 minutes');
    expect(durationOf(null)).toBe('60 minutes');
    expect(durationOf(0)).toBe('60 minutes');
  });

  it('writes the vehicle with the optional color in parentheses', () => {
    const car = { vehicleYear: 2019, vehicleMake: 'Honda', vehicleModel: 'Civic' };
    expect(vehicleOf({ ...car, vehicleColor: 'Blue' })).toBe('2019 Honda Civic (Blue)');
    expect(vehicleOf({ ...car, vehicleColor: null })).toBe('2019 Honda Civic');
    expect(vehicleOf({ ...car, vehicleColor: '' })).toBe('2019 Honda Civic');
  });

  it('shows a price for custom services only: $ and the price, or TBD', () => {
    expect(priceOf({ isCustomService: true, customServicePrice: 149.5 })).toBe('$149.50');
    expect(priceOf({ isCustomService: true, customServicePrice: 0 })).toBe('$0.00');
    expect(priceOf({ isCustomService: true, customServicePrice: 1250 })).toBe('$1,250.00');
    expect(priceOf({ isCustomService: true, customServicePrice: null })).toBe('TBD');
    expect(priceOf({ isCustomService: false, customServicePrice: 10 })).toBeNull();
  });

  it('asks the spec’s question before a decline', () => {
    expect(DECLINE_QUESTION).toBe(
      'Are you sure you want to decline this booking? This action cannot be undone.',
    );
  });
});
