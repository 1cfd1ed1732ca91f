import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { PDFDict, PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it, vi } from 'vitest';
import { signaturePng } from '../../../tests/images';
import { acknowledged, workOrder } from '../../../tests/workorder-model';
import { formatCents } from '../money';
import { renderWorkOrderPdf, toPrintable } from './pdf';

// The shop's public details are settings read through config() (issue 31); a unit test of the PDF has no
// stack, so it names the sample shop's, as the local stack's defaults do.
vi.mock('../business', async () => {
  const { localBusinessDefaults } = await import('../business-details');
  return { business: { ...localBusinessDefaults, phoneHref: 'tel:+16105550142' } };
});

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

/** The images drawn on each page, as [width, height] of the image itself. */
async function pageImages(pdf: Uint8Array): Promise<[number, number][][]> {
  const document = await PDFDocument.load(pdf);
  return document.getPages().map((page) => {
    const xObjects = page.node.Resources()?.lookupMaybe(PDFName.of('XObject'), PDFDict);
    if (!xObjects) return [];
    return xObjects
      .values()
      .map((ref) => document.context.lookup(ref))
      .filter((object) => object instanceof PDFRawStream)
      .filter((stream) => stream.dict.get(PDFName.of('Subtype')) === PDFName.of('Image'))
      .map((stream) => [
        Number(stream.dict.get(PDFName.of('Width'))?.toString()),
        Number(stream.dict.get(PDFName.of('Height'))?.toString()),
      ]);
  });
}

describe('renderWorkOrderPdf', () => {
  it('prints the shop, the number, the status, the dates, the parties, the service and the totals', async () => {
    const order = workOrder();
    const pdf = await renderWorkOrderPdf(order);
    expect(Buffer.from(pdf.subarray(0, 5)).toString()).toBe('%PDF-');
    const pages = await pagesText(pdf);
    expect(pages).toHaveLength(1);
    const text = pages.join(' ');
    for (const expected of [
      'Mobile Auto Care',
      '(610) 555-0142',
      'info@mobileautocare.example',
      'West Chester, PA',
      'WO-2026-0042',
      'APPROVED',
      'November 20, 2026',
      'November 24, 2026',
      'Dana Whitfield',
      'dana@example.com',
      '12 Birch Lane',
      'West Chester, PA 19380',
      '2018 Honda Accord',
      '1HGCV1F34JA123456',
      'KZT-4821',
      '84,213 mi',
      'Silver',
      'Front brake pads and rotors',
      'Grinding noise when braking',
      'Pads worn to the backing plate',
      'Replaced pads and rotors',
      'Flush brake fluid at next visit',
      'Please park in the driveway',
      'Labor line 2',
      'PN-1001',
      'Tax (8.0%)',
      formatCents(order.pricing.laborSubtotalCents),
      formatCents(order.pricing.partsSubtotalCents),
      formatCents(order.pricing.subtotalCents),
      formatCents(order.pricing.taxAmountCents),
      formatCents(order.pricing.totalAmountCents),
      'Not yet acknowledged',
      'Page 1 of 1',
    ])
      expect(text).toContain(expected);
  });

  it('renders the same version to the same bytes, and survives unreadable dates', async () => {
    const order = workOrder({}, { labor: 5, parts: 5 });
    const [first, second] = [await renderWorkOrderPdf(order), await renderWorkOrderPdf(order)];
    expect(Buffer.from(first).equals(Buffer.from(second))).toBe(true);
    const odd = await renderWorkOrderPdf(
      workOrder({ createdAt: 'not a date', updatedAt: '', scheduledDate: '2026-02-30' }),
    );
    const text = (await pagesText(odd)).join(' ');
    expect(text).toContain('WO-2026-0042');
    expect(text).toContain('Not scheduled');
  });

  it('never prints the internal notes', async () => {
    const text = (
      await pagesText(await renderWorkOrderPdf(workOrder({ acknowledgment: acknowledged })))
    ).join(' ');
    expect(text).not.toContain('SECRET');
    expect(text).not.toContain('haggles');
  });

  it('shows the created date in the business zone (late evening in New York is already tomorrow in UTC)', async () => {
    const text = (
      await pagesText(await renderWorkOrderPdf(workOrder({ createdAt: '2026-11-21T03:30:00.000Z' })))
    ).join(' ');
    expect(text).toContain('Created: November 20, 2026');
    expect(text).not.toContain('November 21, 2026');
  });

  it("flows 80 labor and 80 part lines over several numbered pages, repeating the tables' headers", async () => {
    const order = workOrder({}, { labor: 80, parts: 80 });
    const pages = await pagesText(await renderWorkOrderPdf(order));
    expect(pages.length).toBeGreaterThanOrEqual(4);
    pages.forEach((page, i) => expect(page).toContain(`Page ${i + 1} of ${pages.length}`));
    const text = pages.join(' ');
    for (const [i, item] of order.laborItems.entries()) {
      expect(text).toContain(`Labor line ${i + 1} `);
      expect(text).toContain(formatCents(item.totalCents));
    }
    for (const [i, item] of order.partItems.entries()) {
      expect(text).toContain(`PN-${1000 + i}`);
      expect(text).toContain(formatCents(item.totalCents));
    }
    // Every page the tables continue on starts with the caption and the header row again.
    const continued = pages.filter((page) => / \(continued\) /.test(page));
    expect(continued.length).toBeGreaterThanOrEqual(2);
    for (const page of continued)
      expect(page).toMatch(/(Description Hours Rate Total|Part # Description Qty Unit price Total)/);
    expect(pages.at(-1)).toContain(formatCents(order.pricing.totalAmountCents));
  });

  it('splits a description longer than a page between pages without losing a word', async () => {
    const words = Array.from({ length: 900 }, (_, i) => `w${i}`);
    const order = workOrder({
      laborItems: [{ description: words.join(' '), hours: 1, hourlyRateCents: 7500, totalCents: 7500 }],
    });
    const pages = await pagesText(await renderWorkOrderPdf(order));
    expect(pages.length).toBeGreaterThan(1);
    const text = pages.join(' ');
    for (const word of words) expect(text).toMatch(new RegExp(`\\b${word}\\b`));
  });

  it('renders an empty work order (no lines, total $0.00)', async () => {
    const order = workOrder(
      {
        scheduledDate: undefined,
        customerNotes: '',
        serviceDetails: {
          description: 'Estimate only',
          customerComplaints: '',
          diagnosis: '',
          workPerformed: '',
          recommendations: '',
        },
        customer: {
          name: 'Sam Lee',
          email: 'sam@example.com',
          phone: '6105550100',
          address: { street: '', city: '', state: '', zipCode: '' },
        },
        vehicle: { year: 2020, make: 'Kia', model: 'Soul', vin: '', licensePlate: '', color: '' },
        status: 'draft',
      },
      { labor: 0, parts: 0 },
    );
    expect(order.pricing.totalAmountCents).toBe(0);
    const text = (await pagesText(await renderWorkOrderPdf(order))).join(' ');
    expect(text).toContain('DRAFT');
    expect(text).toContain('Not scheduled');
    expect(text).toContain('No labor items.');
    expect(text).toContain('No parts.');
    expect(text).toMatch(/Total \$0\.00/);
    expect(text).toContain('Page 1 of 1');
  });

  it('embeds the drawn signature, scaled into its box, with who acknowledged and when', async () => {
    // A black wave on a transparent ground, like the signature pad's.
    const png = signaturePng(500, 200, 20, (x) => [Math.round(100 + 50 * Math.sin(x / 25))]);
    const pdf = await renderWorkOrderPdf(workOrder({ acknowledgment: acknowledged }), { signaturePng: png });
    const images = (await pageImages(pdf)).flat();
    expect(images).toEqual([[500, 200]]);
    const text = (await pagesText(pdf)).join(' ');
    expect(text).toContain('Acknowledged');
    expect(text).toContain('By Dana Whitfield (dana@example.com) on November 21, 2026.');
    expect(text).not.toContain('Not yet acknowledged');
    // Where it is drawn: inside the box (210 × 72 points), whatever the PNG's own size.
    const document = await getDocument({ data: pdf, standardFontDataUrl }).promise;
    const page = await document.getPage(document.numPages);
    const { fnArray, argsArray } = await page.getOperatorList();
    const { OPS } = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const transforms = fnArray
      .map((fn, i) => (fn === OPS.paintImageXObject ? i : -1))
      .filter((i) => i >= 0)
      .map((i) => {
        // The matrices applied since the state was saved, combined: [width, 0, 0, height, x, y].
        const lastTransform = fnArray.slice(0, i).lastIndexOf(OPS.transform);
        const saved = fnArray.slice(0, lastTransform).lastIndexOf(OPS.save);
        let ctm = [1, 0, 0, 1, 0, 0];
        for (let op = saved + 1; op < i; op++) {
          if (fnArray[op] !== OPS.transform) continue;
          const [a, b, c, d, e, f] = argsArray[op] as number[];
          const [A, B, C, D, E, F] = ctm as [number, number, number, number, number, number];
          ctm = [
            a! * A + b! * C,
            a! * B + b! * D,
            c! * A + d! * C,
            c! * B + d! * D,
            e! * A + f! * C + E,
            e! * B + f! * D + F,
          ];
        }
        return ctm;
      });
    expect(transforms).toHaveLength(1);
    const [width = 0, , , height = 0] = transforms[0] ?? [];
    expect(width).toBeLessThanOrEqual(210);
    expect(height).toBeLessThanOrEqual(72);
    expect(width / height).toBeCloseTo(500 / 200, 1);
    await document.destroy();
  });

  it('says a signature is on file when none is passed, and renders without one when the bytes are not a PNG', async () => {
    const onFile = (
      await pagesText(await renderWorkOrderPdf(workOrder({ acknowledgment: acknowledged })))
    ).join(' ');
    expect(onFile).toContain('A drawn signature is on file.');
    const broken = await renderWorkOrderPdf(workOrder({ acknowledgment: acknowledged }), {
      signaturePng: new Uint8Array([1, 2, 3, 4]),
    });
    expect((await pageImages(broken)).flat()).toEqual([]);
    expect((await pagesText(broken)).join(' ')).toContain('By Dana Whitfield');
  });

  it.each([
    ['pending', '2026-11-27T15:00:00.000Z', 'Not yet acknowledged (pending)', 'expires on November 27, 2026'],
    [
      'expired',
      '2026-11-13T15:00:00.000Z',
      'Not yet acknowledged (link expired)',
      'expired on November 13, 2026',
    ],
  ] as const)(
    'states a %s acknowledgment link with its date',
    async (state, tokenExpiresAt, status, date) => {
      const acknowledgment = { isRequired: true, isAcknowledged: false, state, tokenExpiresAt };
      const text = (await pagesText(await renderWorkOrderPdf(workOrder({ acknowledgment })))).join(' ');
      expect(text).toContain(status);
      expect(text).toContain(date);
    },
  );

  it('renders characters Helvetica lacks (emoji, CJK, Polish) as stand-ins instead of failing', async () => {
    const weird = 'Oil 🚗👍🏽 change – “quoted” ‘it’s’ naïve café Łódź 日本語 ✓ → done\u200b\u0007 € ™ …';
    const order = workOrder({
      customer: {
        name: 'Zoë Łukasz 王小明',
        email: 'zoe@example.com',
        phone: '📞 610',
        address: { street: '1 Rue Straße', city: 'Kraków', state: 'PA', zipCode: '19380' },
      },
      serviceDetails: {
        description: weird,
        customerComplaints: '\t tabbed\r\nwindows line',
        diagnosis: '',
        workPerformed: '',
        recommendations: '',
      },
      laborItems: [{ description: weird, hours: 1, hourlyRateCents: 7500, totalCents: 7500 }],
      partItems: [
        { partNumber: 'ÅB-①', description: '🔧 ключ', quantity: 1, unitPriceCents: 100, totalCents: 100 },
      ],
    });
    const text = (await pagesText(await renderWorkOrderPdf(order))).join(' ');
    expect(text).toContain('Oil ?? change – “quoted” ‘it’s’ naïve café Lódz ??? v -> done € ™ …');
    expect(text).toContain('Zoë Lukasz ???');
    expect(text).toContain('1 Rue Straße');
    expect(text).toContain('Kraków, PA 19380');
    expect(text).toContain('? ????'); // 🔧 ключ
    expect(text).toContain('ÅB-1');
  });
});

describe('toPrintable', () => {
  const supported = new Set(Array.from({ length: 0x7f - 0x20 }, (_, i) => 0x20 + i).concat([0xe9, 0x2019]));
  it('keeps what the font has, strips accents it lacks, and marks the rest', () => {
    expect(toPrintable('café', supported)).toBe('café');
    expect(toPrintable('ą', supported)).toBe('a');
    expect(toPrintable('it’s', supported)).toBe('it’s');
    expect(toPrintable('日本', supported)).toBe('??');
    expect(toPrintable('👩‍🔧!', supported)).toBe('??!');
    expect(toPrintable('a\r\nb\u00a0c', supported)).toBe('a\nb c');
  });
});
