import { describe, expect, it } from 'vitest';
import { filenameOf } from './download';

describe('filenameOf', () => {
  it('reads the quoted file name of an attachment', () => {
    expect(filenameOf('attachment; filename="WorkOrder-WO-2026-0001.pdf"', 'x.pdf')).toBe(
      'WorkOrder-WO-2026-0001.pdf',
    );
  });

  it('reads an unquoted and an RFC 5987 name', () => {
    expect(filenameOf('attachment; filename=WorkOrder-WO-2026-0002.pdf', 'x.pdf')).toBe(
      'WorkOrder-WO-2026-0002.pdf',
    );
    expect(filenameOf("attachment; filename*=UTF-8''WorkOrder-WO%202026.pdf", 'x.pdf')).toBe(
      'WorkOrder-WO 2026.pdf',
    );
  });

  it('falls back without a header, without a name, or with a path in it', () => {
    expect(filenameOf(null, 'WorkOrder-A.pdf')).toBe('WorkOrder-A.pdf');
    expect(filenameOf('attachment', 'WorkOrder-A.pdf')).toBe('WorkOrder-A.pdf');
    expect(filenameOf('attachment; filename="../evil.pdf"', 'WorkOrder-A.pdf')).toBe('WorkOrder-A.pdf');
  });
});
