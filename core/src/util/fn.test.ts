import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { fn } from './fn';

describe('fn', () => {
  it('validates one input and hands the parsed value to the verb', () => {
    const double = fn(z.coerce.number().int(), (n) => n * 2);
    expect(double(21)).toBe(42);
    expect(() => double(1.5)).toThrow(z.ZodError);
    expect(double.schema).toBeInstanceOf(z.ZodType);
  });

  it('validates each argument of a tuple schema, trailing optional ones included', () => {
    const seen: unknown[][] = [];
    const edit = fn(
      z.tuple([z.string().startsWith('pst_'), z.object({ title: z.string().trim() }), z.number().optional()]),
      (...args) => {
        seen.push(args);
        return args[1].title;
      },
    );
    expect(edit('pst_1', { title: ' Brakes ' })).toBe('Brakes');
    expect(edit('pst_2', { title: 'Tyres' }, 3)).toBe('Tyres');
    expect(seen).toEqual([
      ['pst_1', { title: 'Brakes' }],
      ['pst_2', { title: 'Tyres' }, 3],
    ]);
    expect(() => edit('nope', { title: 'x' })).toThrow(z.ZodError);
    expect(seen).toHaveLength(2);
  });
});

describe('fn with its own refusal', () => {
  it('throws what `refuse` throws instead of the ZodError, and never runs the verb', () => {
    class Refused extends Error {}
    let ran = 0;
    const refuse = (error: z.ZodError): never => {
      throw new Refused(error.issues[0]?.message);
    };
    const named = fn(
      z.object({ name: z.string().min(1, 'Name is required.') }),
      ({ name }) => {
        ran += 1;
        return name;
      },
      refuse,
    );
    expect(named({ name: 'Ann' })).toBe('Ann');
    expect(() => named({ name: '' })).toThrow(new Refused('Name is required.'));
    const pair = fn(z.tuple([z.string(), z.number()]), (a, b) => `${a}${b}`, refuse);
    expect(pair('a', 1)).toBe('a1');
    expect(() => pair('a', 'b' as unknown as number)).toThrow(Refused);
    expect(ran).toBe(1);
  });
});
