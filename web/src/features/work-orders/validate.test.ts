import { describe, expect, it } from 'vitest';
import { proposedLine } from '../../components/estimate/test-lines';
import {
  calledAtInstant,
  entriesOf,
  inspectionMessages,
  itemsOf,
  phoneApprovalMessages,
  validateInspection,
  validatePhoneApproval,
} from './validate';

describe('the inspection form', () => {
  it('asks for at least one condition, and sends only the categories given one', () => {
    const blank = entriesOf(null);
    expect(validateInspection(blank).chosen).toBe(inspectionMessages.none);
    const one = { ...blank, tyres: { condition: 'good' as const, note: ' worn evenly ' } };
    expect(validateInspection(one).chosen).toBeUndefined();
    expect(itemsOf(one)).toEqual([{ category: 'tyres', condition: 'good', note: 'worn evenly' }]);
  });
});

describe('a call staff record (issue 33)', () => {
  const lines = [proposedLine('filter'), proposedLine('std', 'Wipers'), proposedLine('premium', 'Wipers')];
  const now = Date.parse('2026-11-28T19:00:00Z');
  const ok = {
    calledAt: '2026-11-28T13:30',
    number: '(610) 555-0199',
    person: 'Pat',
    choices: { l0: 'approved', g0: 'premium' },
  };

  it('reads the date-time field on the shop’s clock', () => {
    expect(calledAtInstant('2026-11-28T13:30')).toBe('2026-11-28T18:30:00.000Z');
    expect(calledAtInstant('')).toBeNull();
  });

  it('needs the time (not ahead), a number, a name and every line answered', () => {
    expect(Object.values(validatePhoneApproval(ok, lines, now)).filter(Boolean)).toEqual([]);
    expect(validatePhoneApproval({ ...ok, calledAt: '2026-11-28T15:00' }, lines, now).calledAt).toBe(
      phoneApprovalMessages.future,
    );
    expect(validatePhoneApproval({ ...ok, calledAt: '' }, lines, now).calledAt).toBe(
      phoneApprovalMessages.calledAt,
    );
    expect(validatePhoneApproval({ ...ok, number: ' ' }, lines, now).number).toBe(
      'Number called is required',
    );
    expect(validatePhoneApproval({ ...ok, number: 'call me' }, lines, now).number).toMatch(/phone number/);
    expect(validatePhoneApproval({ ...ok, person: '' }, lines, now).person).toBe(
      'Name of the person is required',
    );
    expect(validatePhoneApproval({ ...ok, choices: { l0: 'approved' } }, lines, now).choices).toBe(
      phoneApprovalMessages.unanswered,
    );
  });
});
