import { asSystem } from '@app/core/actor';
import { db } from '@app/core/db/client';
import { Storage } from '@app/core/storage/index';
import { SIGNATURE_MAX_BYTES, signaturePng } from '@app/core/workorder/signature';
import { WorkOrder } from '@app/core/workorder/index';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { nextDate, postBooking, send } from '../../../tests/booking-factories';
import { createService, createUser, createUserWithCard, json } from '../../../tests/factories';
import { floorsOf } from '../../../tests/floors';
import { jpegImage, pngImage } from '../../../tests/images';
import {
  createWorkOrder,
  createWorkOrders,
  pdfText,
  workOrderBody,
} from '../../../tests/workorder-factories';
import { handler as cron } from '../lambda/cron';
import { readOutbox } from '../local/outbox';
import type { WorkOrderReply } from './workorders';

// The portal's floor pauses, recorded (tests/floors.ts).
vi.mock('@app/core/util/timing', async (real) =>
  (await import('../../../tests/floors')).recordingFloors(await real()),
);

let admin: Awaited<ReturnType<typeof createUser>>;
let customer: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  await Storage.ensureBucket();
  [admin, customer] = await Promise.all([createUser({ role: 'admin' }), createUser()]);
});

const mailsTo = async (to: string) => (await readOutbox()).filter((m) => m.to.includes(to));
const tokenIn = (text: string) => /\/work-order\/acknowledge\/([A-Za-z0-9_-]{43})/.exec(text)?.[1] ?? '';
const asAdmin = (path: string, method = 'GET', body?: unknown) => send(method, path, admin.headers, body);
const dataUrl = (bytes: Uint8Array) => `data:image/png;base64,${Buffer.from(bytes).toString('base64')}`;

/** Generates a link as the admin and returns the token from the customer's mail. */
async function linkFor(wo: { _id: string; customer: { email: string } }): Promise<string> {
  const before = (await mailsTo(wo.customer.email)).length;
  const response = await asAdmin(`/api/workOrders/${wo._id}/generate-acknowledgment`, 'POST');
  expect(response.status).toBe(200);
  const mails = await mailsTo(wo.customer.email);
  expect(mails.length).toBe(before + 1);
  return tokenIn(mails.at(-1)?.text ?? '');
}

/** The customer acknowledges `wo` by the link `token`, having read `version`. */
const acknowledgeAs = (wo: { customer: { name: string; email: string } }, token: string, version: string) =>
  send('POST', `/api/workOrders/acknowledge/${token}`, {}, { ...ackBody(wo), version });

const ackBody = (wo: { customer: { name: string; email: string } }, signature: string | null = null) => ({
  acknowledgedBy: { name: wo.customer.name, email: wo.customer.email },
  signature,
  userAgent: 'vitest',
});

describe('creating a work order', () => {
  it('computes the money on the server and ignores the totals the browser sent', async () => {
    const response = await asAdmin(
      '/api/workOrders',
      'POST',
      workOrderBody({
        // Cents sent on the wire are not core's input: the edge converts the dollars (decision 064).
        laborItems: [{ description: 'Labor', hours: 1.25, hourlyRate: 80, hourlyRateCents: 1, total: 1 }],
        partItems: [
          {
            partNumber: 'P1',
            description: 'Pad',
            quantity: 3,
            unitPrice: 19.99,
            unitPriceCents: 1,
            total: 99999,
          },
        ],
        pricing: { taxRate: 0.06, subtotal: 1, taxAmount: 0, totalAmount: 5 },
        workOrderNumber: 'WO-1999-9999',
        emailSent: true,
        acknowledgment: { isAcknowledged: true },
      }),
    );
    expect(response.status).toBe(201);
    const wo = await json<WorkOrderReply>(response);
    expect(wo.workOrderNumber).toMatch(/^WO-\d{4}-\d{4}$/);
    expect(wo.workOrderNumber).not.toBe('WO-1999-9999');
    expect(wo.laborItems).toEqual([{ description: 'Labor', hours: 1.25, hourlyRate: 80, total: 100 }]);
    expect(wo.partItems[0]).toMatchObject({ quantity: 3, unitPrice: 19.99, total: 59.97 });
    // 159.97 × 6 % = 9.5982 → 9.60
    expect(wo.pricing).toEqual({
      taxRate: 0.06,
      laborSubtotal: 100,
      partsSubtotal: 59.97,
      subtotal: 159.97,
      taxAmount: 9.6,
      totalAmount: 169.57,
    });
    expect(wo.emailSent).toBe(false);
    expect(wo.acknowledgment).toMatchObject({
      isRequired: false,
      isAcknowledged: false,
      state: 'not_required',
    });
    expect(wo.status).toBe('draft');
    expect(wo.statusHistory).toEqual([{ status: 'draft', at: wo.createdAt, by: expect.any(String) }]);
    expect(wo.vehicle).toMatchObject({ vin: '1HGCV1F34JA000001', mileage: 81234 });
  });

  it('takes the shop defaults (config) for a missing rate and tax rate, and serves them at /defaults', async () => {
    const defaults = await asAdmin('/api/workorders/defaults');
    expect(defaults.status).toBe(200);
    expect(await json(defaults)).toEqual({ hourlyRate: 75, taxRate: 0.08 });
    const wo = await createWorkOrder(admin, {
      laborItems: [{ description: 'Diagnosis', hours: 2 }],
      partItems: [],
      pricing: undefined,
      status: undefined,
    });
    expect(wo).toMatchObject({
      status: 'draft',
      laborItems: [{ hourlyRate: 75, total: 150 }],
      pricing: { taxRate: 0.08, subtotal: 150, taxAmount: 12, totalAmount: 162 },
    });
  });

  it('refuses missing required fields and bad steps with 400 { message, msg }, writing nothing', async () => {
    const before = (await json<{ total: number }>(await asAdmin('/api/workOrders?limit=1'))).total;
    const cases: [Record<string, unknown>, string][] = [
      [{ customer: { email: 'a@example.com', phone: '6105550100' } }, 'Customer name is required.'],
      [{ vehicle: { year: 2018, make: 'Honda' } }, 'Vehicle model is required.'],
      [{ serviceDetails: { description: '  ' } }, 'Service description is required.'],
      [{ laborItems: [{ description: 'x', hours: 0.3, hourlyRate: 75 }] }, 'Hours must be in steps of 0.25.'],
      [
        { partItems: [{ description: 'x', quantity: 1.5, unitPrice: 1 }] },
        'Quantity must be a whole number.',
      ],
      [{ pricing: { taxRate: 0.0605 } }, 'Tax rate must be in steps of 0.001.'],
      [{ pricing: { taxRate: 0.9 } }, 'Tax rate must be at most 0.5.'],
      [
        { partItems: [{ description: 'x', quantity: 1, unitPrice: 1.005 }] },
        'Unit price must be an amount from $0.00 to $100,000.00, in dollars and cents.',
      ],
      // Cents are not the wire's: a part with no unit price in dollars has none.
      [{ partItems: [{ description: 'x', quantity: 1, unitPriceCents: 500 }] }, 'Unit price is required.'],
      [
        { partItems: [{ description: 'x', quantity: 1, unitPrice: true }] },
        'Unit price must be an amount from $0.00 to $100,000.00, in dollars and cents.',
      ],
      [
        { laborItems: [{ description: 'x', hours: 1, hourlyRate: -5 }] },
        'Hourly rate must be an amount from $0.00 to $10,000.00, in dollars and cents.',
      ],
    ];
    for (const [override, message] of cases) {
      const body = workOrderBody();
      const merged = {
        ...body,
        ...Object.fromEntries(
          Object.entries(override).map(([k, v]) => [
            k,
            k === 'laborItems' || k === 'partItems' || !(k in body) ? v : { ...(v as object) },
          ]),
        ),
      };
      if ('customer' in override) merged.customer = override.customer as typeof body.customer;
      const response = await asAdmin('/api/workOrders', 'POST', merged);
      expect(response.status, message).toBe(400);
      expect(await json(response)).toEqual({ message, msg: message });
    }
    const vin = await asAdmin(
      '/api/workOrders',
      'POST',
      workOrderBody({ vehicle: { year: 2018, make: 'Honda', model: 'Fit', vin: 'IOQ' } }),
    );
    expect(vin.status).toBe(400);
    expect((await json<{ message: string }>(vin)).message).toMatch(/VIN/);
    expect((await json<{ total: number }>(await asAdmin('/api/workOrders?limit=1'))).total).toBe(before);
  });

  it('links a booking that exists (relatedBooking), and refuses one that does not', async () => {
    const service = await createService({ availableDays: [], availableTimes: ['09:00'] });
    const withCard = await createUserWithCard();
    const booked = await postBooking(withCard, service._id, nextDate(), '09:00');
    expect(booked.status).toBe(201);
    const bookingId = (await json<{ booking: { _id: string } }>(booked)).booking._id;
    const wo = await createWorkOrder(admin, { relatedBooking: bookingId });
    expect(wo.relatedBooking).toBe(bookingId);
    const unknown = await asAdmin(
      '/api/workOrders',
      'POST',
      workOrderBody({ relatedBooking: 'bkg_01JZZZZZZZZZZZZZZZZZZZZZZZ' }),
    );
    expect(unknown.status).toBe(400);
    expect(await json(unknown)).toMatchObject({ message: 'The related booking does not exist.' });
    const cleared = await json<WorkOrderReply>(
      await asAdmin(`/api/workOrders/${wo._id}`, 'PUT', workOrderBody({ relatedBooking: '' })),
    );
    expect(cleared.relatedBooking).toBeNull();
  });

  it('is for admins only', async () => {
    expect((await send('POST', '/api/workOrders', {}, workOrderBody())).status).toBe(401);
    expect((await send('POST', '/api/workOrders', customer.headers, workOrderBody())).status).toBe(403);
    expect((await send('GET', '/api/workOrders', customer.headers)).status).toBe(403);
  });
});

describe('editing, status and delete', () => {
  it('a full PUT prices again; { status } changes only the status, kept with who and when', async () => {
    const wo = await createWorkOrder(admin);
    const edited = await asAdmin(
      `/api/workOrders/${wo._id}`,
      'PUT',
      workOrderBody({
        customer: { ...wo.customer, phone: '610-555-0111' },
        laborItems: [{ description: 'More labor', hours: 2.75, hourlyRate: 90, total: 0 }],
        partItems: [],
        pricing: { taxRate: 0 },
      }),
    );
    expect(edited.status).toBe(200);
    const after = await json<WorkOrderReply>(edited);
    expect(after.workOrderNumber).toBe(wo.workOrderNumber);
    expect(after.pricing).toEqual({
      taxRate: 0,
      laborSubtotal: 247.5,
      partsSubtotal: 0,
      subtotal: 247.5,
      taxAmount: 0,
      totalAmount: 247.5,
    });

    const status = await asAdmin(`/api/workOrders/${wo._id}`, 'PUT', { status: 'in_progress' });
    expect(status.status).toBe(200);
    const changed = await json<WorkOrderReply>(status);
    expect(changed.status).toBe('in_progress');
    expect(changed.pricing.totalAmount).toBe(247.5);
    expect(changed.statusHistory.map((s) => s.status)).toEqual(['draft', 'in_progress']);
    // Any status directly, backwards too.
    const back = await json<WorkOrderReply>(
      await asAdmin(`/api/workOrders/${wo._id}`, 'PUT', { status: 'draft' }),
    );
    expect(back.statusHistory.map((s) => s.status)).toEqual(['draft', 'in_progress', 'draft']);
    const bad = await asAdmin(`/api/workOrders/${wo._id}`, 'PUT', { status: 'done' });
    expect(bad.status).toBe(400);
    expect(await json(bad)).toMatchObject({ message: expect.stringMatching(/^Status must be one of/) });
  });

  it('GET of an unknown or malformed id is 404 { message, msg }', async () => {
    for (const id of ['wo_01JZZZZZZZZZZZZZZZZZZZZZZZ', 'nope']) {
      const response = await asAdmin(`/api/workOrders/${id}`);
      expect(response.status).toBe(404);
      expect(await json(response)).toEqual({
        message: 'Work order not found.',
        msg: 'Work order not found.',
      });
    }
  });

  it('delete removes the work order and its number (the portal no longer finds it)', async () => {
    const wo = await createWorkOrder(admin);
    const gone = await asAdmin(`/api/workOrders/${wo._id}`, 'DELETE');
    expect(gone.status).toBe(200);
    expect(await json(gone)).toEqual({ message: 'Work order deleted successfully.' });
    expect((await asAdmin(`/api/workOrders/${wo._id}`)).status).toBe(404);
    const portal = await send(
      'GET',
      `/api/workOrders/public/${wo.workOrderNumber}/pdf?email=${encodeURIComponent(wo.customer.email)}`,
    );
    expect(portal.status).toBe(404);
    expect((await asAdmin(`/api/workOrders/${wo._id}`, 'DELETE')).status).toBe(404);
  });
});

describe('the list', () => {
  it('searches number, name, email, phone, vehicle and VIN without regard to case; filters status; pages newest first', async () => {
    const tag = crypto.randomUUID().slice(0, 6);
    const made = await createWorkOrders(admin, 5, (i) => ({
      customer: {
        name: `Searchy ${tag} ${i}`,
        email: `searchy-${tag}-${i}@example.com`,
        phone: `(484) 555-0${100 + i}`,
      },
      vehicle: {
        year: 2015,
        make: 'Subaru',
        model: `Outback${tag}`,
        vin: `JF2SJ${tag.toUpperCase().replace(/[IOQ]/g, 'A')}${i}`,
      },
      status: i % 2 ? 'approved' : 'draft',
    }));
    const list = async (query: string) =>
      json<{ workOrders: WorkOrderReply[]; total: number; hasMore: boolean }>(
        await asAdmin(`/api/workOrders?${query}`),
      );

    const byName = await list(`search=${`SEARCHY ${tag}`.replace(' ', '%20')}`);
    expect(byName.total).toBe(5);
    expect(byName.workOrders.map((w) => w._id)).toEqual(made.map((w) => w._id).reverse());

    const paged = await list(`search=searchy%20${tag}&limit=2&skip=2`);
    expect(paged).toMatchObject({ total: 5, hasMore: true });
    expect(paged.workOrders.map((w) => w._id)).toEqual([made[2]!._id, made[1]!._id]);
    const last = await list(`search=searchy%20${tag}&limit=2&skip=4`);
    expect(last).toMatchObject({ total: 5, hasMore: false });
    expect(last.workOrders).toHaveLength(1);

    expect(
      (await list(`search=${made[3]!.workOrderNumber.toLowerCase()}`)).workOrders.map((w) => w._id),
    ).toEqual([made[3]!._id]);
    expect((await list(`search=SEARCHY-${tag}-2@EXAMPLE.COM`)).total).toBe(1);
    expect((await list(`search=484555-0103`)).workOrders[0]?._id).toBe(made[3]!._id);
    expect((await list(`search=(484)%20555-0103`)).workOrders[0]?._id).toBe(made[3]!._id);
    expect((await list(`search=4845550103`)).workOrders[0]?._id).toBe(made[3]!._id);
    expect((await list(`search=outback${tag}`)).total).toBe(5);
    expect(
      (
        await list(
          `search=${made[1]!.vehicle ? (made[1] as unknown as WorkOrderReply).vehicle.vin.toLowerCase() : ''}`,
        )
      ).total,
    ).toBe(1);
    expect((await list(`search=searchy%20${tag}&status=approved`)).total).toBe(2);
    expect((await list(`search=searchy%20${tag}&status=billed`)).total).toBe(0);

    const bad = await asAdmin('/api/workOrders?limit=0');
    expect(bad.status).toBe(400);
    expect(await json(bad)).toMatchObject({ message: 'limit must be at least 1.' });
  });
});

describe('the PDF and the email', () => {
  it('the admin downloads a valid PDF whose text holds the number and the total', async () => {
    const wo = await createWorkOrder(admin);
    const response = await asAdmin(`/api/workOrders/${wo._id}/pdf`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="WorkOrder-${wo.workOrderNumber}.pdf"`,
    );
    expect(response.headers.get('cache-control')).toBe('no-store');
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-');
    const text = await pdfText(bytes);
    expect(text).toContain(wo.workOrderNumber);
    // 1.5 × 75 + 49.99 + 2 × 64.50 = 291.49; 6 % tax 17.49 → 308.98
    expect(wo.pricing.totalAmount).toBe(308.98);
    expect(text).toContain('$308.98');
  });

  it('send-email mails the customer the PDF attached and records it', async () => {
    const wo = await createWorkOrder(admin);
    const response = await asAdmin(`/api/workOrders/${wo._id}/send-email`, 'POST');
    expect(response.status).toBe(200);
    const reply = await json<{ message: string; workOrder: WorkOrderReply }>(response);
    expect(reply.workOrder.emailSent).toBe(true);
    expect(Date.parse(reply.workOrder.emailSentDate ?? '')).toBeGreaterThan(Date.now() - 60_000);
    const [mail, ...more] = await mailsTo(wo.customer.email);
    expect(more).toHaveLength(0);
    expect(mail?.subject).toContain(wo.workOrderNumber);
    expect(mail?.attachments.map((a) => [a.filename, a.contentType])).toEqual([
      [`WorkOrder-${wo.workOrderNumber}.pdf`, 'application/pdf'],
    ]);
    const text = await pdfText(new Uint8Array(Buffer.from(mail?.attachments[0]?.base64 ?? '', 'base64')));
    expect(text).toContain(wo.workOrderNumber);
    expect(text).toContain('$308.98');
    const again = await json<WorkOrderReply>(await asAdmin(`/api/workOrders/${wo._id}`));
    expect(again.emailSent).toBe(true);
  });
});

describe('the public portal', () => {
  it('gives the PDF for the number and the email in any case', async () => {
    const wo = await createWorkOrder(admin);
    const response = await send(
      'GET',
      `/api/workorders/public/${wo.workOrderNumber.toLowerCase()}/pdf?email=${encodeURIComponent(wo.customer.email.toUpperCase())}`,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toContain(`WorkOrder-${wo.workOrderNumber}.pdf`);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await pdfText(new Uint8Array(await response.arrayBuffer()))).toContain(wo.workOrderNumber);
  });

  it('a wrong email and an unknown number are the same 404; a malformed email is 400', async () => {
    const wo = await createWorkOrder(admin);
    const wrong = await send(
      'GET',
      `/api/workOrders/public/${wo.workOrderNumber}/pdf?email=someone@example.com`,
    );
    const unknown = await send(
      'GET',
      `/api/workOrders/public/WO-1999-0001/pdf?email=${encodeURIComponent(wo.customer.email)}`,
    );
    const garbage = await send(
      'GET',
      `/api/workOrders/public/not-a-number/pdf?email=${encodeURIComponent(wo.customer.email)}`,
    );
    const text = 'Work order not found or email does not match our records';
    for (const response of [wrong, unknown, garbage]) {
      expect(response.status).toBe(404);
      expect(await json(response)).toEqual({ message: text, msg: text });
    }
    for (const email of ['', 'nope', 'a@b']) {
      const bad = await send('GET', `/api/workOrders/public/${wo.workOrderNumber}/pdf?email=${email}`);
      expect(bad.status).toBe(400);
      expect(await json(bad)).toEqual({
        message: 'Please provide a valid email address',
        msg: 'Please provide a valid email address',
      });
    }
    const missing = await send('GET', `/api/workOrders/public/${wo.workOrderNumber}/pdf`);
    expect(missing.status).toBe(400);
  });

  it('answers a wrong email and an unknown number in about the same time', async () => {
    const wo = await createWorkOrder(admin);
    // What each reply did: the table calls it made (by command), and the floors it waited for (tests/floors.ts).
    const sent = vi.spyOn(db(), 'send');
    const traceOf = async (path: string) => {
      sent.mockClear();
      const { result, asked, ended } = await floorsOf(() => send('GET', path));
      expect(result.status).toBe(404);
      return { commands: sent.mock.calls.map(([command]) => command.constructor.name), asked, ended };
    };
    const wrong = [];
    const unknown = [];
    for (let i = 0; i < 3; i += 1) {
      wrong.push(await traceOf(`/api/workOrders/public/${wo.workOrderNumber}/pdf?email=x${i}@example.com`));
      unknown.push(
        await traceOf(
          `/api/workOrders/public/WO-1998-${String(i).padStart(4, '0')}/pdf?email=${encodeURIComponent(wo.customer.email)}`,
        ),
      );
    }
    sent.mockRestore();
    // The same calls either way (the two limits' writes, then the same two reads), under a 150 ms floor
    // (core/src/workorder/portal.ts) that ends before the reply: no path does more, none answers sooner.
    const expected = wrong[0];
    expect(expected?.commands.filter((name) => name === 'GetCommand')).toHaveLength(2);
    expect(expected).toMatchObject({ asked: [150], ended: 1 });
    for (const trace of [...wrong, ...unknown]) expect(trace).toEqual(expected);
  });

  it('is rate limited per number and per address (429)', async () => {
    const wo = await createWorkOrder(admin);
    const statuses: number[] = [];
    for (let i = 0; i < 16; i += 1) {
      statuses.push(
        (await send('GET', `/api/workOrders/public/${wo.workOrderNumber}/pdf?email=guess${i}@example.com`))
          .status,
      );
    }
    expect(statuses.slice(0, 15).every((s) => s === 404)).toBe(true);
    expect(statuses[15]).toBe(429);
    // Even the right email waits now: the number is locked for this window.
    const right = await send(
      'GET',
      `/api/workOrders/public/${wo.workOrderNumber}/pdf?email=${encodeURIComponent(wo.customer.email)}`,
    );
    expect(right.status).toBe(429);
    expect(right.headers.get('retry-after')).toMatch(/^\d+$/);

    const { app } = await import('./index');
    const fromOne = (n: number) =>
      app.request(
        `/api/workOrders/public/WO-1997-${String(n).padStart(4, '0')}/pdf?email=a@example.com`,
        {},
        { incoming: { socket: { remoteAddress: '10.99.99.99' } } },
      );
    const perIp: number[] = [];
    for (let i = 0; i < 31; i += 1) perIp.push((await fromOne(i)).status);
    expect(perIp.slice(0, 30).every((s) => s === 404)).toBe(true);
    expect(perIp[30]).toBe(429);
    // 48 replies, each held to the 150 ms floor: about 7 s of waiting by design.
  }, 60_000);
});

describe('the acknowledgment', () => {
  it('mails a link; the page loads the fields; a signed acknowledgment is recorded with a private signature', async () => {
    const wo = await createWorkOrder(admin);
    const token = await linkFor(wo);
    expect(token).toHaveLength(43);
    const listed = await json<WorkOrderReply>(await asAdmin(`/api/workOrders/${wo._id}`));
    expect(listed.acknowledgment).toMatchObject({
      isRequired: true,
      isAcknowledged: false,
      state: 'pending',
    });
    const expires = Date.parse(listed.acknowledgment.tokenExpiresAt ?? '');
    expect(expires - Date.now()).toBeGreaterThan(6.9 * 24 * 3600 * 1000);
    expect(expires - Date.now()).toBeLessThanOrEqual(7 * 24 * 3600 * 1000);

    const load = await send('GET', `/api/workOrders/acknowledge/${token}`);
    expect(load.status).toBe(200);
    const page = await json<Record<string, unknown>>(load);
    expect(page).toMatchObject({
      workOrderNumber: wo.workOrderNumber,
      status: 'draft',
      customer: { name: wo.customer.name, email: wo.customer.email },
      vehicle: { year: 2018, make: 'Honda', vin: '1HGCV1F34JA000001', licensePlate: 'KZT-4411' },
      serviceDetails: {
        description: 'Front brake pads and rotors',
        customerComplaints: 'Squealing when braking',
      },
      scheduledDate: '2026-12-01',
      pricing: { taxRate: 0.06, subtotal: 291.49, taxAmount: 17.49, totalAmount: 308.98 },
    });
    expect(Object.keys(page.customer as object).sort()).toEqual(['email', 'name']);
    expect(page).not.toHaveProperty('internalNotes');

    const mismatch = await send(
      'POST',
      `/api/workOrders/acknowledge/${token}`,
      {},
      {
        ...ackBody(wo),
        acknowledgedBy: { name: 'Someone', email: 'someone@example.com' },
      },
    );
    expect(mismatch.status).toBe(403);
    expect(await json(mismatch)).toMatchObject({
      message: 'The email address does not match the work order customer.',
    });

    const signature = pngImage(500, 200, [0, 0, 0]);
    const done = await send(
      'POST',
      `/api/workOrders/acknowledge/${token}`,
      {},
      {
        ...ackBody(wo, dataUrl(signature)),
        acknowledgedBy: { name: wo.customer.name, email: wo.customer.email.toUpperCase() },
      },
    );
    expect(done.status).toBe(200);
    expect(await json(done)).toEqual({
      message: 'Work order acknowledged successfully.',
      workOrderNumber: wo.workOrderNumber,
    });
    const after = await json<WorkOrderReply>(await asAdmin(`/api/workOrders/${wo._id}`));
    expect(after.acknowledgment).toMatchObject({
      isRequired: true,
      isAcknowledged: true,
      state: 'acknowledged',
      hasSignature: true,
      acknowledgedBy: { name: wo.customer.name },
    });
    expect(Date.parse(after.acknowledgment.acknowledgmentDate ?? '')).toBeGreaterThan(Date.now() - 60_000);
    // Stored privately, the same bytes.
    const stored = await asSystem('test', () => WorkOrder.signatureOf(wo._id));
    expect(Buffer.from(stored ?? []).equals(Buffer.from(signature))).toBe(true);
    // Both buckets (decision 082): the private one's keys and every key of the images one.
    const keys = [...(await Storage.keys(Storage.PRIVATE_PREFIX)), ...(await Storage.keys(''))];
    expect(keys.some((k) => k.startsWith(`private/work-orders/${wo._id}/`))).toBe(true);
    expect(keys.some((k) => k.startsWith('images/'))).toBe(false);

    // Confirmations to the customer and the shop.
    const customerMails = await mailsTo(wo.customer.email);
    expect(customerMails.map((m) => m.subject)).toContain(`Work order ${wo.workOrderNumber} acknowledged`);
    expect(
      (await mailsTo('shop@mobileautocare.example')).some((m) => m.subject.includes(wo.workOrderNumber)),
    ).toBe(true);

    // Used: both the page and a second submit say so.
    const reload = await send('GET', `/api/workOrders/acknowledge/${token}`);
    expect(reload.status).toBe(400);
    expect(await json(reload)).toMatchObject({
      alreadyAcknowledged: true,
      message: 'This work order has already been acknowledged.',
    });
    const twice = await send('POST', `/api/workOrders/acknowledge/${token}`, {}, ackBody(wo));
    expect(twice.status).toBe(400);
    expect(await json(twice)).toMatchObject({ alreadyAcknowledged: true });

    // Generating again: 400 with the date.
    const regenerate = await asAdmin(`/api/workOrders/${wo._id}/generate-acknowledgment`, 'POST');
    expect(regenerate.status).toBe(400);
    const refused = await json<{ message: string; msg: string; acknowledgmentDate: string }>(regenerate);
    expect(refused.message).toContain('already been acknowledged');
    expect(refused.acknowledgmentDate).toBe(after.acknowledgment.acknowledgmentDate);

    // The PDF now carries the signature: still valid.
    const pdf = await asAdmin(`/api/workOrders/${wo._id}/pdf`);
    expect(pdf.status).toBe(200);
    expect(await pdfText(new Uint8Array(await pdf.arrayBuffer()))).toContain(wo.workOrderNumber);
  });

  it('an unknown token is 404; generating again replaces the earlier link', async () => {
    const unknown = await send('GET', `/api/workOrders/acknowledge/${'A'.repeat(43)}`);
    expect(unknown.status).toBe(404);
    expect(await json(unknown)).toMatchObject({
      message: 'Work order not found or acknowledgment link is invalid.',
    });
    expect((await send('GET', '/api/workOrders/acknowledge/short')).status).toBe(404);

    const wo = await createWorkOrder(admin);
    const first = await linkFor(wo);
    const second = await linkFor(wo);
    expect(second).not.toBe(first);
    expect((await send('GET', `/api/workOrders/acknowledge/${first}`)).status).toBe(404);
    expect((await send('POST', `/api/workOrders/acknowledge/${first}`, {}, ackBody(wo))).status).toBe(404);
    expect((await send('GET', `/api/workOrders/acknowledge/${second}`)).status).toBe(200);
  });

  it('a change of price after acknowledging asks for a new acknowledgment; the old one is kept', async () => {
    const wo = await createWorkOrder(admin);
    const token = await linkFor(wo);
    expect((await send('POST', `/api/workOrders/acknowledge/${token}`, {}, ackBody(wo))).status).toBe(200);

    // Notes and status do not touch what was acknowledged.
    const body = workOrderBody({ customer: wo.customer, internalNotes: 'Called the customer' });
    const notes = await json<WorkOrderReply>(await asAdmin(`/api/workOrders/${wo._id}`, 'PUT', body));
    expect(notes.acknowledgment.isAcknowledged).toBe(true);

    const priced = await json<WorkOrderReply>(
      await asAdmin(`/api/workOrders/${wo._id}`, 'PUT', {
        ...body,
        partItems: [{ partNumber: 'BP-100', description: 'Brake pads', quantity: 2, unitPrice: 49.99 }],
      }),
    );
    expect(priced.acknowledgment).toMatchObject({
      isRequired: true,
      isAcknowledged: false,
      state: 'pending',
    });
    expect(priced.acknowledgment.acknowledgmentDate).toBeNull();
    expect(priced.acknowledgment.history).toHaveLength(1);
    expect(priced.acknowledgment.history[0]).toMatchObject({ acknowledgedBy: { email: wo.customer.email } });
    // The old link does not come back to life; a new one works.
    expect((await send('GET', `/api/workOrders/acknowledge/${token}`)).status).toBe(400);
    const again = await linkFor(wo);
    expect((await send('POST', `/api/workOrders/acknowledge/${again}`, {}, ackBody(wo))).status).toBe(200);
    const final = await json<WorkOrderReply>(await asAdmin(`/api/workOrders/${wo._id}`));
    expect(final.acknowledgment.isAcknowledged).toBe(true);
  });

  it('binds the version shown: an edit of the money after the page loaded refuses the acknowledgment', async () => {
    const wo = await createWorkOrder(admin);
    const token = await linkFor(wo);
    const shown = await json<{ version: string; pricing: { totalAmount: number } }>(
      await send('GET', `/api/workOrders/acknowledge/${token}`),
    );
    expect(shown.version).toMatch(/^[0-9a-f]{64}$/);

    // The shop changes a part's price while the customer reads the page.
    const body = workOrderBody({ customer: wo.customer });
    const edited = await asAdmin(`/api/workOrders/${wo._id}`, 'PUT', {
      ...body,
      partItems: [{ partNumber: 'BP-100', description: 'Brake pads', quantity: 2, unitPrice: 59.99 }],
    });
    expect(edited.status).toBe(200);

    const stale = await acknowledgeAs(wo, token, shown.version);
    expect(stale.status).toBe(400);
    expect(await json(stale)).toMatchObject({
      changed: true,
      message: expect.stringContaining('changed after you opened it'),
    });
    // Nothing was recorded and the link still works for the current version.
    const unchanged = await json<WorkOrderReply>(await asAdmin(`/api/workOrders/${wo._id}`));
    expect(unchanged.acknowledgment.isAcknowledged).toBe(false);
    const current = await json<{ version: string; pricing: { totalAmount: number } }>(
      await send('GET', `/api/workOrders/acknowledge/${token}`),
    );
    expect(current.version).not.toBe(shown.version);
    expect(current.pricing.totalAmount).not.toBe(shown.pricing.totalAmount);
    const signed = await acknowledgeAs(wo, token, current.version);
    expect(signed.status).toBe(200);
    const bad = await acknowledgeAs(wo, await linkFor(await createWorkOrder(admin)), 'not-a-digest');
    expect(bad.status).toBe(400);
  });

  it('an expired link: the scheduled job (a moved clock) marks it, and the link says expired', async () => {
    const wo = await createWorkOrder(admin);
    const token = await linkFor(wo);
    const later = new Date(Date.now() + 8 * 24 * 3600 * 1000).toISOString();
    // Twice at once: each work order changes once.
    const [one, two] = await Promise.all([cron({ now: later }), cron({ now: later })]);
    expect(one.acknowledgments.expired + two.acknowledgments.expired).toBeGreaterThanOrEqual(1);
    const after = await json<WorkOrderReply>(await asAdmin(`/api/workOrders/${wo._id}`));
    expect(after.acknowledgment).toMatchObject({ state: 'expired', isAcknowledged: false });
    const again = await cron({ now: later });
    expect(again.acknowledgments.due).toBe(0);
    // The job's "now" was 8 days on; the link's own expiry is checked at its use, so the core verb with the moved clock says expired.
    await expect(WorkOrder.forAcknowledgment(token, new Date(later))).rejects.toMatchObject({
      kind: 'invalid',
      extra: { expired: true },
    });
    // And by the state the job wrote, today too.
    const load = await send('GET', `/api/workOrders/acknowledge/${token}`);
    expect(load.status).toBe(400);
    expect(await json(load)).toMatchObject({
      expired: true,
      message: 'The acknowledgment link has expired. Please contact us for a new link.',
    });
    expect((await send('POST', `/api/workOrders/acknowledge/${token}`, {}, ackBody(wo))).status).toBe(400);
  });

  it('refuses a signature that is not a PNG, too large, or of absurd size, recording nothing', async () => {
    const wo = await createWorkOrder(admin);
    const token = await linkFor(wo);
    const post = (signature: string) =>
      send('POST', `/api/workOrders/acknowledge/${token}`, {}, ackBody(wo, signature));
    const jpeg = await post(`data:image/png;base64,${Buffer.from(jpegImage()).toString('base64')}`);
    expect(jpeg.status).toBe(400);
    expect(await json(jpeg)).toMatchObject({ message: 'The signature must be a PNG image.' });
    expect((await post('data:image/svg+xml;base64,PHN2Zz4=')).status).toBe(400);
    expect((await post('data:image/png;base64,!!!')).status).toBe(400);
    const wide = await post(dataUrl(pngImage(3000, 10)));
    expect(wide.status).toBe(400);
    const huge = await post(
      `data:image/png;base64,${Buffer.alloc(SIGNATURE_MAX_BYTES + 10, 1).toString('base64')}`,
    );
    expect(huge.status).toBe(413);
    // Core's own check, below the request size limit.
    const big = new Uint8Array(SIGNATURE_MAX_BYTES + 1);
    big.set(pngImage(10, 10).subarray(0, 33));
    expect(() => signaturePng(dataUrl(big))).toThrow(/too large/);
    const still = await json<WorkOrderReply>(await asAdmin(`/api/workOrders/${wo._id}`));
    expect(still.acknowledgment.state).toBe('pending');
    expect((await send('POST', `/api/workOrders/acknowledge/${token}`, {}, ackBody(wo))).status).toBe(200);
  });

  it('needs a name and an email', async () => {
    const wo = await createWorkOrder(admin);
    const token = await linkFor(wo);
    const response = await send(
      'POST',
      `/api/workOrders/acknowledge/${token}`,
      {},
      {
        acknowledgedBy: { name: ' ', email: wo.customer.email },
        signature: null,
      },
    );
    expect(response.status).toBe(400);
    expect(await json(response)).toMatchObject({ message: 'Name is required.' });
  });
});
