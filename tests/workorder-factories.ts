import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
export { cameraJpeg } from './images';
import { app } from '../functions/src/api/index';
import { send } from './booking-factories';

/** A valid work-order form (doc 2 §3) as the admin's page sends it: dollars, a fraction for tax. */
export function workOrderBody(overrides: Record<string, unknown> = {}) {
  return {
    customer: {
      name: 'Jordan Fixit',
      email: `jordan-${crypto.randomUUID().slice(0, 8)}@example.com`,
      phone: '(610) 555-0199',
      address: { street: '12 Market St', city: 'West Chester', state: 'PA', zipCode: '19380' },
    },
    vehicle: {
      year: 2018,
      make: 'Honda',
      model: 'Accord',
      vin: '1HGCV1F34JA000001',
      licensePlate: 'KZT-4411',
      mileage: 81234,
      color: 'Silver',
    },
    serviceDetails: {
      description: 'Front brake pads and rotors',
      customerComplaints: 'Squealing when braking',
      diagnosis: 'Pads worn to 2 mm',
      workPerformed: '',
      recommendations: 'Flush brake fluid next visit',
    },
    laborItems: [{ description: 'Replace pads and rotors', hours: 1.5, hourlyRate: 75 }],
    partItems: [
      { partNumber: 'BP-100', description: 'Brake pads', quantity: 1, unitPrice: 49.99 },
      { partNumber: 'RT-200', description: 'Rotor', quantity: 2, unitPrice: 64.5 },
    ],
    pricing: { taxRate: 0.06 },
    status: 'draft',
    scheduledDate: '2026-12-01',
    internalNotes: 'Customer prefers mornings',
    customerNotes: 'Thank you for your business',
    ...overrides,
  };
}

/** Creates a work order through the API as `admin`; the reply. */
export async function createWorkOrder(
  admin: { headers: Record<string, string> },
  overrides: Record<string, unknown> = {},
) {
  const response = await send('POST', '/api/workOrders', admin.headers, workOrderBody(overrides));
  if (response.status !== 201) {
    throw new Error(`Fixture work order failed: ${response.status} ${await response.text()}`);
  }
  return (await response.json()) as {
    _id: string;
    workOrderNumber: string;
    customer: { name: string; email: string };
    pricing: { totalAmount: number };
  } & Record<string, unknown>;
}

/** pdfjs-dist's own copies of the 14 standard fonts (the PDF uses Helvetica). */
const standardFontDataUrl = `${join(dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

/** The text of every page of a PDF (pdfjs-dist), joined by spaces. */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: bytes.slice(), standardFontDataUrl, isEvalSupported: false })
    .promise;
  const pages: string[] = [];
  for (let i = 1; i <= doc.numPages; i += 1) {
    const content = await (await doc.getPage(i)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await doc.destroy();
  return pages.join(' ');
}

let photoIp = 0;

/** POSTs `bytes` as a photo (multipart field "photo") to `path` as `headers`' user, from an address of its own. */
export async function postPhotoTo(
  path: string,
  headers: Record<string, string>,
  bytes: Uint8Array,
  type = 'image/jpeg',
): Promise<Response> {
  const form = new FormData();
  form.set('photo', new File([new Uint8Array(bytes)], 'photo.jpg', { type }));
  photoIp += 1;
  return app.request(
    path,
    { method: 'POST', headers, body: form },
    { incoming: { socket: { remoteAddress: `10.89.${Math.floor(photoIp / 250)}.${photoIp % 250}` } } },
  );
}

/** POSTs `bytes` as a work order's inspection photo as `headers`' user. */
export const postPhoto = (
  workOrderId: string,
  headers: Record<string, string>,
  bytes: Uint8Array,
  type?: string,
) => postPhotoTo(`/api/workOrders/${workOrderId}/photos`, headers, bytes, type);
