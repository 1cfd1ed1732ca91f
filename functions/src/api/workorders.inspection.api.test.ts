import { asSystem } from '@app/core/actor';
import { config } from '@app/core/config';
import { Storage } from '@app/core/storage/index';
import { beforeAll, describe, expect, it } from 'vitest';
import { nextDate, postBooking, send } from '../../../tests/booking-factories';
import {
  serviceOffering,
  createTechnician,
  createUser,
  createUserWithCard,
  json,
} from '../../../tests/factories';
import { gifImage, pngImage } from '../../../tests/images';
import {
  cameraJpeg,
  createWorkOrder,
  pdfText,
  postPhoto,
  workOrderBody,
} from '../../../tests/workorder-factories';
import { readOutbox } from '../local/outbox';
import type { WorkOrderReply } from './workorders';

let admin: Awaited<ReturnType<typeof createUser>>;
let customer: Awaited<ReturnType<typeof createUser>>;
let technician: Awaited<ReturnType<typeof createUser>>;
let camera: Uint8Array;

beforeAll(async () => {
  [admin, customer, technician, camera] = await Promise.all([
    createUser({ role: 'admin' }),
    createUser(),
    createUser({ role: 'technician' }),
    cameraJpeg(),
  ]);
});

const asAdmin = (path: string, method = 'GET', body?: unknown) => send(method, path, admin.headers, body);
const inspection = {
  items: [
    { category: 'tyres', condition: 'fair', note: 'Rear tyres at 4/32".' },
    { category: 'brakes', condition: 'attention', note: 'Front pads worn to the backing plate.' },
    { category: 'lights', condition: 'good' },
  ],
};

async function linkFor(wo: { _id: string; customer: { email: string } }): Promise<string> {
  expect((await asAdmin(`/api/workOrders/${wo._id}/generate-acknowledgment`, 'POST')).status).toBe(200);
  const mails = (await readOutbox()).filter((m) => m.to.includes(wo.customer.email));
  return /\/work-order\/acknowledge\/([A-Za-z0-9_-]{43})/.exec(mails.at(-1)?.text ?? '')?.[1] ?? '';
}

describe('the inspection', () => {
  it('is stored on the work order in the categories’ order, with who and when', async () => {
    const wo = await createWorkOrder(admin);
    const response = await asAdmin(`/api/workOrders/${wo._id}/inspection`, 'PUT', inspection);
    expect(response.status).toBe(200);
    const reply = await json<WorkOrderReply>(response);
    expect(reply.inspection?.items.map((i) => [i.category, i.condition, i.note])).toEqual([
      ['tyres', 'fair', 'Rear tyres at 4/32".'],
      ['brakes', 'attention', 'Front pads worn to the backing plate.'],
      ['lights', 'good', ''],
    ]);
    expect(reply.inspection?.inspectedBy).toBe(`${admin.firstName} ${admin.lastName}`);
    // An edit of the form keeps it.
    expect((await asAdmin(`/api/workOrders/${wo._id}`, 'PUT', workOrderBody())).status).toBe(200);
    const read = await json<WorkOrderReply>(await asAdmin(`/api/workOrders/${wo._id}`));
    expect(read.inspection?.items).toHaveLength(3);
  });

  it('a work order without one reads with none and no photos', async () => {
    const wo = await createWorkOrder(admin);
    const read = await json<WorkOrderReply>(await asAdmin(`/api/workOrders/${wo._id}`));
    expect(read.inspection).toBeNull();
    expect(read.photos).toEqual([]);
  });

  it.each([
    [{ items: [{ category: 'engine', condition: 'good' }] }, 'Category must be one of'],
    [{ items: [{ category: 'brakes', condition: 'ok' }] }, 'Condition must be good, fair or attention.'],
    [{ items: [{ category: 'brakes', condition: 'good', note: 'x'.repeat(501) }] }, 'at most 500'],
    [
      {
        items: [
          { category: 'brakes', condition: 'good' },
          { category: 'brakes', condition: 'fair' },
        ],
      },
      'Each category may appear only once.',
    ],
    [{ items: 'all good' }, 'The inspection needs at least one item.'],
    [{ items: [] }, 'The inspection needs at least one item.'],
  ])('refuses a broken inspection (case %#) with 400 and changes nothing', async (body, text) => {
    const wo = await createWorkOrder(admin);
    const response = await asAdmin(`/api/workOrders/${wo._id}/inspection`, 'PUT', body);
    expect(response.status).toBe(400);
    expect((await json<{ msg: string }>(response)).msg).toContain(text);
    expect((await json<WorkOrderReply>(await asAdmin(`/api/workOrders/${wo._id}`))).inspection).toBeNull();
  });

  it('is the staff’s: a customer 403, a technician not on the job 403, nobody 401, an unknown id 404', async () => {
    const wo = await createWorkOrder(admin);
    const path = `/api/workOrders/${wo._id}/inspection`;
    expect((await send('PUT', path, customer.headers, inspection)).status).toBe(403);
    expect((await send('PUT', path, technician.headers, inspection)).status).toBe(403);
    expect((await send('PUT', path, {}, inspection)).status).toBe(401);
    expect(
      (await asAdmin('/api/workOrders/wo_00000000000000000000000000/inspection', 'PUT', inspection)).status,
    ).toBe(404);
  });
});

describe('inspection photos', () => {
  it('takes a camera JPEG: resized to at most 1600 px, EXIF gone, stored privately with a small copy', async () => {
    const wo = await createWorkOrder(admin);
    const response = await postPhoto(wo._id, admin.headers, camera);
    expect(response.status).toBe(201);
    const reply = await json<WorkOrderReply>(response);
    expect(reply.photos).toHaveLength(1);
    const id = reply.photos[0]?.id ?? '';
    const keys = await Storage.keys(`private/work-orders/${wo._id}/photos/`);
    expect(keys.sort()).toEqual([
      `private/work-orders/${wo._id}/photos/${id}-small.jpg`,
      `private/work-orders/${wo._id}/photos/${id}.jpg`,
    ]);
    const served = await asAdmin(`/api/workOrders/${wo._id}/photos/${id}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(served.headers.get('cache-control')).toContain('no-store');
    const { default: sharp } = await import('sharp');
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([1600, 1200]);
    expect(meta.exif).toBeUndefined();
    const small = await asAdmin(`/api/workOrders/${wo._id}/photos/${id}?size=small`);
    expect((await sharp(Buffer.from(await small.arrayBuffer())).metadata()).width).toBe(360);
  });

  it('takes a PNG by its bytes whatever it is called', async () => {
    const wo = await createWorkOrder(admin);
    expect(
      (await postPhoto(wo._id, admin.headers, pngImage(40, 30), 'application/octet-stream')).status,
    ).toBe(201);
  });

  it.each([
    ['text named .jpg', new TextEncoder().encode('not an image at all')],
    ['a GIF', gifImage()],
    ['an SVG', new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"></svg>')],
    ['a JPEG start on garbage', Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4, 5, 6])],
  ])('refuses %s with 400 { msg } and keeps nothing', async (_, bytes) => {
    const wo = await createWorkOrder(admin);
    const response = await postPhoto(wo._id, admin.headers, bytes);
    expect(response.status).toBe(400);
    expect((await json<{ msg: string }>(response)).msg).toBe('Photos must be JPEG or PNG images.');
    expect(await Storage.keys(`private/work-orders/${wo._id}/`)).toEqual([]);
    expect((await json<WorkOrderReply>(await asAdmin(`/api/workOrders/${wo._id}`))).photos).toEqual([]);
  });

  it('names the inspection item it shows (decision 129); an item not inspected or unknown is refused, nothing kept', async () => {
    const wo = await createWorkOrder(admin);
    // Before the inspection is saved no item exists: 400.
    const early = await postPhoto(wo._id, admin.headers, pngImage(20, 20), undefined, 'brakes');
    expect(early.status).toBe(400);
    expect((await json<{ msg: string }>(early)).msg).toBe(
      'A photo may name only an item of this work order’s saved inspection.',
    );
    expect((await asAdmin(`/api/workOrders/${wo._id}/inspection`, 'PUT', inspection)).status).toBe(200);
    const tagged = await postPhoto(wo._id, admin.headers, pngImage(20, 20), undefined, 'brakes');
    expect(tagged.status).toBe(201);
    const general = await postPhoto(wo._id, admin.headers, pngImage(20, 20));
    const photos = (await json<WorkOrderReply>(general)).photos;
    expect(photos.map((p) => p.category ?? null)).toEqual(['brakes', null]);
    // Battery was not inspected; "engine" is no category: 400 { msg }, nothing stored.
    for (const category of ['battery', 'engine', 'x'.repeat(101)]) {
      const refused = await postPhoto(wo._id, admin.headers, pngImage(20, 20), undefined, category);
      expect(refused.status, category).toBe(400);
      expect((await json<{ msg: string }>(refused)).msg).toBeTruthy();
    }
    expect(await Storage.keys(`private/work-orders/${wo._id}/`)).toHaveLength(4);
    expect((await json<WorkOrderReply>(await asAdmin(`/api/workOrders/${wo._id}`))).photos).toHaveLength(2);
    // The customer's views read each photo with its item: the link, and the PDF's captions.
    const token = await linkFor(wo);
    const page = await json<{ photos: { id: string; category?: string }[] }>(
      await send('GET', `/api/workOrders/acknowledge/${token}`),
    );
    expect(page.photos).toEqual([{ id: photos[0]?.id, category: 'brakes' }, { id: photos[1]?.id }]);
    const text = await pdfText(
      new Uint8Array(await (await asAdmin(`/api/workOrders/${wo._id}/pdf`)).arrayBuffer()),
    );
    expect(text).toContain('Brakes: Needs attention');
    expect(text).toContain('Other photos');
  });

  it('refuses a photo over 5 MB with 413', async () => {
    const wo = await createWorkOrder(admin);
    const big = new Uint8Array(5 * 1024 * 1024 + 10);
    big.set([0xff, 0xd8, 0xff]);
    expect((await postPhoto(wo._id, admin.headers, big)).status).toBe(413);
  });

  it('refuses a body without a photo, and JSON, with 400', async () => {
    const wo = await createWorkOrder(admin);
    expect((await asAdmin(`/api/workOrders/${wo._id}/photos`, 'POST', {})).status).toBe(400);
  });

  it(`holds at most inspectionPhotoLimit (${config().inspectionPhotoLimit}): the next is 409`, async () => {
    const wo = await createWorkOrder(admin);
    const small = await cameraJpeg(64, 48);
    for (let i = 0; i < config().inspectionPhotoLimit; i++) {
      expect((await postPhoto(wo._id, admin.headers, small)).status).toBe(201);
    }
    const over = await postPhoto(wo._id, admin.headers, small);
    expect(over.status).toBe(409);
    expect((await json<{ msg: string }>(over)).msg).toBe(
      `A work order may hold at most ${config().inspectionPhotoLimit} photos.`,
    );
  });

  it('deletes one: gone from the list and the bucket', async () => {
    const wo = await createWorkOrder(admin);
    const first = await json<WorkOrderReply>(await postPhoto(wo._id, admin.headers, pngImage(20, 20)));
    const id = first.photos[0]?.id ?? '';
    const response = await asAdmin(`/api/workOrders/${wo._id}/photos/${id}`, 'DELETE');
    expect(response.status).toBe(200);
    expect((await json<WorkOrderReply>(response)).photos).toEqual([]);
    expect(await Storage.keys(`private/work-orders/${wo._id}/`)).toEqual([]);
    expect((await asAdmin(`/api/workOrders/${wo._id}/photos/${id}`, 'DELETE')).status).toBe(404);
    expect((await asAdmin(`/api/workOrders/${wo._id}/photos/${id}`)).status).toBe(404);
  });

  it('go with the work order when it is deleted', async () => {
    const wo = await createWorkOrder(admin);
    await postPhoto(wo._id, admin.headers, pngImage(20, 20));
    expect((await asAdmin(`/api/workOrders/${wo._id}`, 'DELETE')).status).toBe(200);
    expect(await Storage.keys(`private/work-orders/${wo._id}/`)).toEqual([]);
  });
});

describe('who sees the photos', () => {
  let wo: Awaited<ReturnType<typeof createWorkOrder>>;
  let photoId: string;
  let other: Awaited<ReturnType<typeof createWorkOrder>>;

  beforeAll(async () => {
    wo = await createWorkOrder(admin, {
      customer: { ...workOrderBody().customer, email: 'photo.owner@example.com' },
    });
    other = await createWorkOrder(admin);
    await asAdmin(`/api/workOrders/${wo._id}/inspection`, 'PUT', inspection);
    photoId =
      (await json<WorkOrderReply>(await postPhoto(wo._id, admin.headers, camera))).photos[0]?.id ?? '';
  });

  it('the shop: the admin 200; a customer 403; a technician not on the job 403; nobody 401', async () => {
    const path = `/api/workOrders/${wo._id}/photos/${photoId}`;
    expect((await asAdmin(path)).status).toBe(200);
    expect((await send('GET', path, customer.headers)).status).toBe(403);
    expect((await send('GET', path, technician.headers)).status).toBe(403);
    expect((await send('GET', path, {})).status).toBe(401);
    expect((await postPhoto(wo._id, customer.headers, camera)).status).toBe(403);
    expect((await send('DELETE', path, customer.headers)).status).toBe(403);
    // Another work order's id with this photo's: not found.
    expect((await asAdmin(`/api/workOrders/${other._id}/photos/${photoId}`)).status).toBe(404);
  });

  it('never under the public images path', async () => {
    expect(await Storage.keys('images/')).not.toContainEqual(expect.stringContaining(photoId));
  });

  it('the acknowledgment link’s holder: the page carries the inspection and the photo ids; the photo is served', async () => {
    const token = await linkFor(wo);
    const page = await send('GET', `/api/workOrders/acknowledge/${token}`);
    const body = await json<{ inspection: { items: unknown[] }; photos: { id: string }[] }>(page);
    expect(body.inspection.items).toHaveLength(3);
    expect(body.photos).toEqual([{ id: photoId }]);
    const photo = await send('GET', `/api/workOrders/acknowledge/${token}/photos/${photoId}`);
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/jpeg');
    // A wrong token or another work order's photo id: 404.
    expect(
      (await send('GET', `/api/workOrders/acknowledge/${'y'.repeat(43)}/photos/${photoId}`)).status,
    ).toBe(404);
    expect((await send('GET', `/api/workOrders/acknowledge/${token}/photos/nope`)).status).toBe(404);
  });

  it('the portal’s holder (number and email): the inspection and the photo; a wrong email 404', async () => {
    const number = wo.workOrderNumber;
    const view = await send(
      'GET',
      `/api/workOrders/public/${number}/inspection?email=PHOTO.OWNER@example.com`,
    );
    expect(view.status).toBe(200);
    const body = await json<{ workOrderNumber: string; photos: { id: string }[] }>(view);
    expect(body).toMatchObject({ workOrderNumber: number, photos: [{ id: photoId }] });
    const photo = await send(
      'GET',
      `/api/workOrders/public/${number}/photos/${photoId}?email=photo.owner@example.com&size=small`,
    );
    expect(photo.status).toBe(200);
    for (const path of [
      `/api/workOrders/public/${number}/inspection?email=someone.else@example.com`,
      `/api/workOrders/public/${number}/photos/${photoId}?email=someone.else@example.com`,
      `/api/workOrders/public/${other.workOrderNumber}/photos/${photoId}?email=${other.customer.email}`,
    ]) {
      expect((await send('GET', path)).status).toBe(404);
    }
  });

  it('the PDF carries the inspection table and the photo', async () => {
    const response = await asAdmin(`/api/workOrders/${wo._id}/pdf`);
    expect(response.status).toBe(200);
    const bytes = new Uint8Array(await response.arrayBuffer());
    const text = await pdfText(bytes);
    expect(text).toContain('VEHICLE INSPECTION');
    expect(text).toContain('Needs attention');
    expect(text).toContain('Front pads worn to the backing plate.');
    expect(Buffer.from(bytes).toString('latin1')).toContain('/DCTDecode');
  });

  it('a system read still works (the photos’ list is part of the work order)', async () => {
    const { WorkOrder } = await import('@app/core/workorder/index');
    const read = await asSystem('test', () => WorkOrder.get(wo._id));
    expect(read.photos).toHaveLength(1);
  });
});

describe('the job’s technician', () => {
  it('fills the inspection and adds, reads and removes photos of their own job’s work order; another technician 403', async () => {
    const { Technician } = await import('@app/core/technician/index');
    const mine = await createTechnician();
    const [buyer, service] = await Promise.all([createUserWithCard(), serviceOffering(['10:00'])]);
    // Only `mine` works while the booking is made, so its claim is theirs.
    const others = (await asSystem('test', () => Technician.list())).filter(
      (t) => t.active && t.number !== mine.technician.number,
    );
    await asSystem('test', async () => {
      for (const t of others) await Technician.setActive(t.number, false);
    });
    const booked = await postBooking(buyer, service._id, nextDate(), '10:00').finally(() =>
      asSystem('test', async () => {
        for (const t of others) await Technician.setActive(t.number, true);
      }),
    );
    expect(booked.status, await booked.clone().text()).toBe(201);
    const bookingId = (await json<{ booking: { _id: string } }>(booked)).booking._id;
    // Made afterwards: a deactivation ends a technician's sessions.
    const theirs = await createTechnician();
    const { Booking } = await import('@app/core/booking/index');
    expect(await Booking.technicianOf(bookingId)).toBe(mine.technician.number);
    const wo = await createWorkOrder(admin, { relatedBooking: bookingId });
    const path = `/api/workOrders/${wo._id}`;
    expect((await send('PUT', `${path}/inspection`, mine.headers, inspection)).status).toBe(200);
    const added = await postPhoto(wo._id, mine.headers, pngImage(30, 20));
    expect(added.status).toBe(201);
    const photoId = (await json<WorkOrderReply>(added)).photos[0]?.id ?? '';
    expect((await send('GET', `${path}/photos/${photoId}`, mine.headers)).status).toBe(200);

    expect((await send('PUT', `${path}/inspection`, theirs.headers, inspection)).status).toBe(403);
    expect((await postPhoto(wo._id, theirs.headers, pngImage(30, 20))).status).toBe(403);
    expect((await send('GET', `${path}/photos/${photoId}`, theirs.headers)).status).toBe(403);
    expect((await send('DELETE', `${path}/photos/${photoId}`, theirs.headers)).status).toBe(403);

    expect((await send('DELETE', `${path}/photos/${photoId}`, mine.headers)).status).toBe(200);
  });
});
