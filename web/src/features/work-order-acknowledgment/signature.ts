/**
 * The signature pad's settings (doc 2 §9) and the arithmetic around it, pure
 * so it is tested without a canvas. The pad library itself is imported only by
 * the acknowledgment page's component (its own chunk).
 */

/** The drawing's size in CSS pixels, and the PNG's size in pixels (doc 2 §2, §9: 500×200). */
export const SIGNATURE_SIZE = { width: 500, height: 200 } as const;

/** Doc 2 §9: black pen, stroke 0.5 to 2.5, points at least 5 apart, 16 ms throttle, velocity filter 0.7. */
export const SIGNATURE_OPTIONS = {
  penColor: 'rgb(0, 0, 0)',
  minWidth: 0.5,
  maxWidth: 2.5,
  minDistance: 5,
  throttle: 16,
  velocityFilterWeight: 0.7,
} as const;

type Stroke = { minWidth: number; maxWidth: number; dotSize: number; points: { x: number; y: number }[] };

/**
 * The strokes drawn on a pad `from` CSS pixels wide, for the same pad now `to`
 * pixels wide (the phone turned, the window resized): every point and width
 * scaled, so the signature keeps its shape instead of being cut off.
 */
export function scaleStrokes<S extends Stroke>(strokes: readonly S[], from: number, to: number): S[] {
  if (!(from > 0) || !(to > 0) || from === to) return strokes.map((stroke) => ({ ...stroke }));
  const factor = to / from;
  return strokes.map((stroke) => ({
    ...stroke,
    minWidth: stroke.minWidth * factor,
    maxWidth: stroke.maxWidth * factor,
    dotSize: stroke.dotSize * factor,
    points: stroke.points.map((point) => ({ ...point, x: point.x * factor, y: point.y * factor })),
  }));
}

/** The canvas's backing size for a CSS size: device pixels, so the pen is crisp on a high-density screen. */
export function backingSize(cssWidth: number, cssHeight: number, devicePixelRatio: number) {
  const ratio = Math.max(devicePixelRatio || 1, 1);
  return { ratio, width: Math.round(cssWidth * ratio), height: Math.round(cssHeight * ratio) };
}
