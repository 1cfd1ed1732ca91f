import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { formatCents } from '../money';
import type { WorkOrder } from './model';
import { renderWorkOrderPdf } from './pdf';
import { priceWorkOrder } from './pricing';

function workOrder(overrides: Partial<WorkOrder> = {}, lines = { labor: 2, parts: 2 }): WorkOrder {
  const priced = priceWorkOrder({
    laborItems: Array.from({ length: lines.labor }, (_, i) => ({
      description: `Labor line ${i + 1}`,
      hours: 0.25 * (i + 1),
      hourlyRateCents: 7500 + i,
    })),
    partItems: Array.from({ length: lines.parts }, (_, i) => ({
      partNumber: `PN-${1000 + i}`,
      description: `Part ${i + 1}`,
      quantity: (i % 4) + 1,
      unitPriceCents: 1999 + 37 * i,
    })),
    taxRate: 0.08,
  });
  return {
    id: '01J0000000000000000000000',
    workOrderNumber: 'WO-2026-0042',
    customer: {
      name: 'Dana Whitfield',
      email: 'dana@example.com',
      phone: '(610) 555-0199',
      address: { street: '12 Birch Lane', city: 'West Chester', state: 'PA', zipCode: '19380' },
    },
    vehicle: {
      year: 2018,
      make: 'Honda',
      model: 'Accord',
      vin: '1HGCV1F34JA123456',
      licensePlate: 'KZT-4821',
      mileage: 84213,
      color: 'Silver',
    },
    serviceDetails: {
      description: 'Front brake pads and rotors',
      customerComplaints: 'Grinding noise when braking',
      diagnosis: 'Pads worn to the backing plate',
      workPerformed: 'Replaced pads and rotors',
      recommendations: 'Flush brake fluid at next visit',
    },
    ...priced,
    status: 'approved',
    scheduledDate: '2026-11-24',
    internalNotes: 'SECRET internal note: customer haggles',
    customerNotes: 'Please park in the driveway',
    emailSent: false,
    acknowledgment: { isRequired: false, isAcknowledged: false, state: 'not_required' },
    createdAt: '2026-11-20T15:00:00.000Z',
    updatedAt: '2026-11-20T15:00:00.000Z',
    ...overrides,
  };
}

const standardFontDataUrl = `${join(dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

/** Each page's text, items joined by spaces. */
async function pagesText(pdf: Uint8Array): Promise<string[]> {
  const document = await getDocument({ data: new Uint8Array(pdf), standardFontDataUrl }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= document.numPages; n++) {
    const content = await (await document.getPage(n)).getTextContent();
    pages.push(
      content.items
        .map((item) => ('str' in item ? item.str : ''))
        .join(' ')
        .replace(/\s+/g, ' '),
    );
  }
  await document.destroy();
  return pages;
}

describe('renderWorkOrderPdf', () => {
  it('prints the number, the status, the parties and the totals', async () => {
    const order = workOrder();
    const pdf = await renderWorkOrderPdf(order);
    expect(Buffer.from(pdf.subarray(0, 5)).toString()).toBe('%PDF-');
    const text = (await pagesText(pdf)).join(' ');
    expect(text).toContain('WO-2026-0042');
    expect(text).toContain('APPROVED');
    expect(text).toContain('Mobile Auto Care');
    expect(text).toContain('Dana Whitfield');
    expect(text).toContain('1HGCV1F34JA123456');
    expect(text).toContain('November 24, 2026');
    expect(text).toContain('Tax (8.0%)');
    expect(text).toContain(formatCents(order.pricing.totalAmountCents));
    expect(text).not.toContain('SECRET');
  });
});
