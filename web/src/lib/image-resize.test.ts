import { describe, expect, it } from 'vitest';
import { fitWithin } from './image-resize';

describe('fitWithin: the size a photo is sent at', () => {
  it('brings a phone photo within 1600 px on its longer side, keeping its shape', () => {
    expect(fitWithin(4032, 3024)).toEqual({ width: 1600, height: 1200 });
    expect(fitWithin(3024, 4032)).toEqual({ width: 1200, height: 1600 });
  });

  it('never enlarges a small one', () => {
    expect(fitWithin(640, 480)).toEqual({ width: 640, height: 480 });
  });

  it('keeps at least one pixel on a very thin one', () => {
    expect(fitWithin(10_000, 2)).toEqual({ width: 1600, height: 1 });
  });
});
