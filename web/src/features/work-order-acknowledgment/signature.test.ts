import { describe, expect, it } from 'vitest';
import { backingSize, SIGNATURE_OPTIONS, scaleStrokes } from './signature';

const stroke = {
  penColor: 'rgb(0, 0, 0)',
  minWidth: 0.5,
  maxWidth: 2.5,
  dotSize: 0,
  points: [
    { x: 10, y: 20, pressure: 0.5, time: 1 },
    { x: 400, y: 180, pressure: 0.5, time: 2 },
  ],
};

describe('the pad settings', () => {
  it('are doc 2 §9', () => {
    expect(SIGNATURE_OPTIONS).toMatchObject({
      minWidth: 0.5,
      maxWidth: 2.5,
      minDistance: 5,
      throttle: 16,
      velocityFilterWeight: 0.7,
    });
  });
});

describe('scaleStrokes', () => {
  it('scales points and widths when the pad narrows', () => {
    const [scaled] = scaleStrokes([stroke], 500, 250);
    expect(scaled?.points).toEqual([
      { x: 5, y: 10, pressure: 0.5, time: 1 },
      { x: 200, y: 90, pressure: 0.5, time: 2 },
    ]);
    expect(scaled?.minWidth).toBe(0.25);
    expect(scaled?.maxWidth).toBe(1.25);
    expect(scaled?.penColor).toBe('rgb(0, 0, 0)');
  });

  it('keeps the strokes as they are for the same width, or a width not known', () => {
    expect(scaleStrokes([stroke], 500, 500)).toEqual([stroke]);
    expect(scaleStrokes([stroke], 0, 320)).toEqual([stroke]);
  });

  it('does not change the strokes it was given', () => {
    scaleStrokes([stroke], 500, 100);
    expect(stroke.points[0]?.x).toBe(10);
  });
});

describe('backingSize', () => {
  it('multiplies by the device pixel ratio, at least 1', () => {
    expect(backingSize(500, 200, 2)).toEqual({ ratio: 2, width: 1000, height: 400 });
    expect(backingSize(342, 136.8, 3)).toEqual({ ratio: 3, width: 1026, height: 410 });
    expect(backingSize(500, 200, 0)).toEqual({ ratio: 1, width: 500, height: 200 });
    expect(backingSize(500, 200, 0.5)).toEqual({ ratio: 1, width: 500, height: 200 });
  });
});
