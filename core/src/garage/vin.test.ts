import { describe, expect, it } from 'vitest';
import { suggestedClass } from './class';
import { garageVinProblem, vinCheckDigit, vinMessages } from './vin';

describe('the garage VIN rule (issue 34)', () => {
  it('takes a 17-character VIN whose 9th character is its check digit, in either case; blank is allowed', () => {
    expect(garageVinProblem('1FTEW1E56KFA12345')).toBeUndefined();
    expect(garageVinProblem(' 1ftew1e56kfa12345 ')).toBeUndefined();
    // The classic example of 49 CFR 565 (check digit X).
    expect(vinCheckDigit('1M8GDM9AXKP042788')).toBe('X');
    expect(garageVinProblem('1M8GDM9AXKP042788')).toBeUndefined();
    expect(garageVinProblem('')).toBeUndefined();
  });

  it('refuses a wrong length, I, O or Q, and a wrong check digit', () => {
    expect(garageVinProblem('1FTEW1E56KFA1234')).toBe(vinMessages.shape);
    expect(garageVinProblem('1FTEW1E56KFA1234O')).toBe(vinMessages.shape);
    expect(garageVinProblem('IFTEW1E56KFA12345')).toBe(vinMessages.shape);
    expect(garageVinProblem('1FTEW1E57KFA12345')).toBe(vinMessages.checkDigit);
  });
});

describe('the class suggested by vPIC body class', () => {
  const suggestions: Record<string, string> = {
    Pickup: 'truck',
    'Sport Utility Vehicle (SUV)/Multi-Purpose Vehicle (MPV)': 'suv',
    'Crossover Utility Vehicle (CUV)': 'suv',
    'Sedan/Saloon': 'sedan',
    Wagon: 'sedan',
    Minivan: 'van',
    'Cargo Van': 'van',
    Coupe: 'compact',
    'Hatchback/Liftback/Notchback': 'compact',
    'Convertible/Cabriolet': 'compact',
  };

  it('maps each body class vPIC writes to the class it suggests', () => {
    for (const [body, expected] of Object.entries(suggestions))
      expect(suggestedClass(body), body).toBe(expected);
  });

  it('suggests nothing for an unknown or missing body class', () => {
    expect(suggestedClass('Motorcycle - Scooter')).toBeUndefined();
    expect(suggestedClass('')).toBeUndefined();
  });
});
