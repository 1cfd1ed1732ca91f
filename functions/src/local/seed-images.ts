import { Canvas, hex, mix, type Rgb } from './png';

/**
 * The seed's demo images, drawn in code (no network, no SVG): three blog
 * heroes, one picture used inside a post's markdown, and testimonial
 * avatars. Names are below /images/ (the object key is `images/<name>`).
 */
export type SeedImage = { name: string; draw: () => Buffer };

/** A small deterministic random source, so the images are the same on every machine. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A side view of a small car, its wheels on the line y = ground. */
function car(canvas: Canvas, x: number, ground: number, scale: number, body: Rgb, glass: Rgb) {
  const s = scale;
  canvas.roundRect(x, ground - 95 * s, 420 * s, 70 * s, 26 * s, body);
  canvas.roundRect(x + 90 * s, ground - 150 * s, 210 * s, 70 * s, 34 * s, body);
  canvas.roundRect(x + 108 * s, ground - 138 * s, 84 * s, 46 * s, 14 * s, glass);
  canvas.roundRect(x + 202 * s, ground - 138 * s, 84 * s, 46 * s, 14 * s, glass);
  canvas.roundRect(x + 392 * s, ground - 82 * s, 22 * s, 14 * s, 6 * s, hex('#ffe08a'));
  for (const wheel of [x + 95 * s, x + 325 * s]) {
    canvas.circle(wheel, ground - 22 * s, 40 * s, hex('#1b1b1f'));
    canvas.circle(wheel, ground - 22 * s, 18 * s, hex('#b9c0c8'));
  }
}

function winterHero(): Buffer {
  const canvas = new Canvas(1200, 630).gradient(hex('#0f2a4a'), hex('#5b8db8'));
  const next = random(7);
  canvas.shape((_x, y) => 470 - y, hex('#e8f1f8'), [0, 460, 1200, 630]);
  for (let i = 0; i < 160; i += 1) {
    canvas.circle(next() * 1200, next() * 470, 1.5 + next() * 4, hex('#ffffff'), 0.5 + next() * 0.5);
  }
  car(canvas, 380, 520, 1.05, hex('#c0392b'), hex('#a9d3f0'));
  return canvas.toPng();
}

function brakesHero(): Buffer {
  const canvas = new Canvas(1200, 630).gradient(hex('#3d0c0c'), hex('#e0662c'), 1, 0.4);
  const cx = 780;
  const cy = 315;
  canvas.circle(cx, cy, 230, hex('#8b9299'));
  canvas.ring(cx, cy, 200, 6, hex('#6b7178'));
  canvas.circle(cx, cy, 95, hex('#4a4f55'));
  for (let i = 0; i < 5; i += 1) {
    const angle = (i / 5) * Math.PI * 2;
    canvas.circle(cx + Math.cos(angle) * 55, cy + Math.sin(angle) * 55, 12, hex('#1e2124'));
  }
  for (let i = 0; i < 24; i += 1) {
    const angle = (i / 24) * Math.PI * 2;
    canvas.circle(cx + Math.cos(angle) * 160, cy + Math.sin(angle) * 160, 7, hex('#5d6369'));
  }
  // The caliper.
  canvas.roundRect(cx - 300, cy - 130, 110, 260, 40, hex('#d63a2f'));
  canvas.roundRect(cx - 280, cy - 90, 26, 180, 12, hex('#ffffff'), 0.35);
  return canvas.toPng();
}

function ceramicHero(): Buffer {
  const canvas = new Canvas(1200, 630).gradient(hex('#0b3d4f'), hex('#5a2a82'), 1, 0.6);
  for (let i = 0; i < 4; i += 1) {
    const offset = 200 + i * 260;
    canvas.shape(
      (x, y) => Math.abs(x + y * 0.6 - offset) - 30 + i * 5,
      hex('#ffffff'),
      [0, 0, 1200, 630],
      0.08,
    );
  }
  const next = random(11);
  for (let i = 0; i < 70; i += 1) {
    const x = next() * 1200;
    const y = next() * 630;
    const r = 6 + next() * 22;
    canvas.circle(x, y, r, hex('#bfe9ff'), 0.35);
    canvas.circle(x - r * 0.35, y - r * 0.35, r * 0.28, hex('#ffffff'), 0.8);
  }
  return canvas.toPng();
}

function treadPicture(): Buffer {
  const canvas = new Canvas(800, 400).gradient(hex('#3a3d42'), hex('#5a5e64'));
  canvas.roundRect(100, 30, 600, 340, 40, hex('#1c1d20'));
  // Tread blocks between three circumferential grooves.
  for (let row = 0; row < 7; row += 1) {
    for (let column = 0; column < 4; column += 1) {
      const x = 130 + column * 140;
      const y = 45 + row * 46 + (column % 2) * 18;
      canvas.roundRect(x, y, 110, 34, 8, hex('#2d2f34'));
      canvas.shape((px, py) => Math.abs(px - x - 20 - (py - y) * 0.9) - 3, hex('#1c1d20'), [
        x,
        y,
        x + 110,
        y + 34,
      ]);
    }
  }
  // A penny in a groove: the penny test.
  canvas.circle(400, 200, 46, hex('#b87333'));
  canvas.ring(400, 200, 38, 3, hex('#8c5523'));
  canvas.circle(392, 192, 16, hex('#d08a4a'), 0.8);
  return canvas.toPng();
}

const avatarColors: [background: string, person: string][] = [
  ['#f6d6c8', '#a0522d'],
  ['#cfe6f7', '#2f5d8a'],
  ['#d8f0d2', '#3c7a3a'],
  ['#eadcf5', '#6b3f91'],
  ['#fbe7b5', '#9a6b00'],
  ['#d7e0e5', '#3f4d57'],
];

function avatar(index: number): Buffer {
  const [background, person] = avatarColors[index % avatarColors.length] ?? ['#dddddd', '#555555'];
  const bg = hex(background);
  const fg = hex(person);
  const canvas = new Canvas(160, 160).gradient(bg, mix(bg, fg, 0.25));
  canvas.circle(80, 62, 30, fg);
  canvas.shape((x, y) => Math.hypot((x - 80) / 1.15, y - 160) - 62, fg, [0, 90, 160, 160]);
  return canvas.toPng();
}

export const seedImageNames = {
  winterHero: 'blog/winter-car-care.png',
  brakesHero: 'blog/brake-warning-signs.png',
  ceramicHero: 'blog/ceramic-coating-vs-wax.png',
  treadPicture: 'blog/tire-tread-penny-test.png',
  avatar: (n: number) => `avatars/customer-${n}.png`,
} as const;

export const AVATAR_COUNT = avatarColors.length;

export const seedImages: SeedImage[] = [
  { name: seedImageNames.winterHero, draw: winterHero },
  { name: seedImageNames.brakesHero, draw: brakesHero },
  { name: seedImageNames.ceramicHero, draw: ceramicHero },
  { name: seedImageNames.treadPicture, draw: treadPicture },
  ...Array.from({ length: AVATAR_COUNT }, (_, i) => ({
    name: seedImageNames.avatar(i + 1),
    draw: () => avatar(i),
  })),
];
