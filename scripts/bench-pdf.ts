/**
 * The work-order PDF figure of `npm run bench` (issue 13): the time to render
 * one realistic work order (10 labor lines, 10 part lines, filled-in service
 * details, acknowledged with a drawn 500×200 signature), p50 and p99 over 200
 * renders in this process, after a first render that is reported on its own
 * (it loads pdf-lib's fonts' metrics, as a Lambda's first request would).
 * The CPU time of each render is reported beside the wall-clock time: on a
 * busy machine the two part, and the CPU time says what the code costs.
 * Then the same with a vehicle inspection and ten photos (issue 22,
 * decision 080), against the same budget.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { WorkOrder } from '@app/core/workorder/model';
import { Canvas } from '../functions/src/local/png';
import { renderWorkOrderPdf } from '@app/core/workorder/pdf';
import {
  INSPECTION_CATEGORIES,
  type InspectionCategory,
  type InspectionCondition,
} from '@app/core/workorder/inspection/model';
import type { PdfPhoto } from '@app/core/workorder/inspection/photo-objects';
import { encode } from '@app/core/workorder/inspection/photos';
import { priceWorkOrder } from '@app/core/workorder/pricing';
import { awsUnitEnv } from '../tests/aws-env';
import { signaturePng } from '../tests/images';
import { percentile } from './bench-latency';

export const PDF_RENDERS = 200;

function realisticWorkOrder(): WorkOrder {
  const labor = [
    'Diagnostic scan and road test',
    'Replace front brake pads and resurface rotors; inspect calipers and slides',
    'Replace rear brake pads',
    'Brake fluid flush',
    'Replace serpentine belt and tensioner',
    'Oil and filter change',
    'Rotate and balance tires',
    'Replace cabin and engine air filters',
    'Battery test and terminal cleaning',
    'Final inspection and road test',
  ];
  const parts = [
    ['BP-4410', 'Ceramic brake pad set, front axle, with hardware kit'],
    ['BP-4411', 'Ceramic brake pad set, rear axle'],
    ['RT-2290', 'Front brake rotor'],
    ['BF-0003', 'DOT 3 brake fluid, 32 oz'],
    ['SB-6K880', 'Serpentine belt'],
    ['TN-38159', 'Belt tensioner assembly'],
    ['OF-4967', 'Oil filter'],
    ['OIL-5W30', 'Full synthetic oil 5W-30, quart'],
    ['CF-1132', 'Cabin air filter'],
    ['AF-9310', 'Engine air filter'],
  ];
  const priced = priceWorkOrder({
    laborItems: labor.map((description, i) => ({
      description,
      hours: 0.25 * ((i % 6) + 1),
      hourlyRateCents: 7500,
    })),
    partItems: parts.map(([partNumber = '', description = ''], i) => ({
      partNumber,
      description,
      quantity: i === 2 ? 2 : i === 7 ? 5 : 1,
      unitPriceCents: 1299 + 731 * i,
    })),
    taxRate: 0.06,
  });
  return {
    id: '01JBENCH000000000000000000',
    workOrderNumber: 'WO-2026-0042',
    customer: {
      name: 'Dana Whitfield',
      email: 'dana.whitfield@example.com',
      phone: '(610) 555-0199',
      address: { street: '1234 Birch Lane', city: 'West Chester', state: 'PA', zipCode: '19380' },
    },
    vehicle: {
      year: 2018,
      make: 'Honda',
      model: 'Accord EX-L',
      vin: '1HGCV1F34JA123456',
      licensePlate: 'KZT-4821',
      mileage: 84213,
      color: 'Lunar Silver',
    },
    serviceDetails: {
      description: 'Brake service, belt replacement and routine maintenance',
      customerComplaints: 'Grinding noise when braking; squeal from the engine bay on cold starts.',
      diagnosis:
        'Front pads worn to the backing plate, rotors below minimum thickness. Belt glazed and cracked.',
      workPerformed:
        'Replaced pads, rotors, belt and tensioner; flushed the brake fluid; routine maintenance.',
      recommendations: 'Rear tires at 4/32": replace within 3,000 miles.',
    },
    ...priced,
    status: 'completed',
    scheduledDate: '2026-11-24',
    internalNotes: '',
    customerNotes: 'Please park in the driveway.',
    emailSent: true,
    emailSentDate: '2026-11-20T16:00:00.000Z',
    acknowledgment: {
      isRequired: true,
      isAcknowledged: true,
      state: 'acknowledged',
      acknowledgmentDate: '2026-11-21T18:30:00.000Z',
      acknowledgedBy: { name: 'Dana Whitfield', email: 'dana.whitfield@example.com' },
      hasSignature: true,
    },
    createdAt: '2026-11-20T15:00:00.000Z',
    updatedAt: '2026-11-21T18:30:00.000Z',
  };
}

/** The inspection of issue 22 (decision 080): every category, with notes. */
function inspectionOf(): NonNullable<WorkOrder['inspection']> {
  const notes: [InspectionCategory, InspectionCondition, string][] = [
    ['tyres', 'fair', 'Rear tyres at 4/32": replace within 3,000 miles.'],
    ['brakes', 'attention', 'Front pads worn to the backing plate; rotors below minimum thickness.'],
    ['fluids', 'good', 'Oil, coolant and washer fluid topped up.'],
    ['lights', 'good', ''],
    ['battery', 'fair', 'Tests at 68% of its cold cranking amps.'],
    ['wipers', 'attention', 'Streaking; blades torn at the ends.'],
    ['beltsAndHoses', 'good', 'New belt and tensioner fitted today.'],
    ['body', 'fair', 'Scratch on the rear bumper, dent on the driver door.'],
  ];
  return {
    items: notes.map(([category, condition, note]) => ({ category, condition, note })),
    inspectedAt: '2026-11-21T17:00:00.000Z',
    inspectedBy: 'Technician One',
  };
}

/**
 * Ten photos as the browser sends them (1600×1200, of noise: the hardest to
 * compress) through the upload's own encoder (photos.ts `encode`), kept as
 * the PDF's small copies.
 */
/** Ten photos, the first five each of an inspection item (decision 129), the rest general. */
async function inspectionPhotos(): Promise<PdfPhoto[]> {
  const photos: PdfPhoto[] = [];
  for (let i = 0; i < 10; i++) {
    const noise = randomBytes(1600 * 1200 * 3);
    const png = new Canvas(1600, 1200)
      .fill((x, y) => {
        const at = (y * 1600 + x) * 3;
        return [noise[at] ?? 0, noise[at + 1] ?? 0, noise[at + 2] ?? 0];
      })
      .toPng();
    const jpeg = (await encode(new Uint8Array(png))).small;
    const category = i < 5 ? INSPECTION_CATEGORIES[i] : undefined;
    photos.push(category ? { jpeg, category } : { jpeg });
  }
  return photos;
}

async function timeRenders(render: () => Promise<Uint8Array>) {
  let t = performance.now();
  const first = await render();
  const firstMs = performance.now() - t;
  const samples: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < PDF_RENDERS; i++) {
    const cpuBefore = process.cpuUsage();
    t = performance.now();
    await render();
    samples.push(performance.now() - t);
    const used = process.cpuUsage(cpuBefore);
    cpu.push((used.user + used.system) / 1000);
  }
  samples.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  return {
    firstMs,
    p50: percentile(samples, 50),
    p99: percentile(samples, 99),
    cpuP50: percentile(cpu, 50),
    cpuP99: percentile(cpu, 99),
    bytes: first.length,
    samples,
  };
}

/**
 * The work order as above, then the same with an inspection of every
 * category and ten photos (issue 22): both against the PDF budget.
 */
export async function measurePdf() {
  const workOrder = realisticWorkOrder();
  // A signature pad's 500×200 stroke, three pixels thick.
  const signature = signaturePng(500, 200, 30, (x) => {
    const y = Math.round(100 + (200 / 3) * Math.sin(x / 28) * Math.cos(x / 90));
    return [y - 1, y, y + 1];
  });
  const plain = await timeRenders(() => renderWorkOrderPdf(workOrder, { signaturePng: signature }));
  const photoJpegs = await inspectionPhotos();
  const inspected = { ...workOrder, inspection: inspectionOf() };
  const withInspection = await timeRenders(() =>
    renderWorkOrderPdf(inspected, { signaturePng: signature, photoJpegs }),
  );
  return { ...plain, inspection: withInspection };
}

/**
 * The PDF's figures from a process of its own: the PDF signs with the shop's name, a setting, and
 * `config()` remembers the first settings it reads; the bench's own process must keep reading the
 * stacks' (the unit tests' AWS-mode settings name resources the render never calls).
 */
export function measurePdfApart(): Awaited<ReturnType<typeof measurePdf>> {
  const run = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--render'], {
    env: { ...process.env, ...awsUnitEnv },
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  if (run.status !== 0) throw new Error(`The PDF bench failed:\n${run.stderr}`);
  return JSON.parse(run.stdout.trim().split('\n').at(-1) ?? '') as Awaited<ReturnType<typeof measurePdf>>;
}

if (process.argv.includes('--render') && process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(JSON.stringify(await measurePdf()));
}
