import SignaturePad from 'signature_pad';
import { type Ref, useEffect, useId, useImperativeHandle, useRef } from 'react';
import { backingSize, SIGNATURE_OPTIONS, SIGNATURE_SIZE, scaleStrokes } from '../signature';

/** What the form asks of the pad. */
export type SignatureHandle = {
  isEmpty: () => boolean;
  /** The drawing as a 500×200 PNG data URL. */
  toPng: () => string;
  clear: () => void;
};

/**
 * The drawing pad (doc 2 §2, §9): signature_pad on a canvas 500×200 CSS
 * pixels wide at most and narrower on a phone, its backing store in device
 * pixels so the pen stays crisp; a resize keeps the drawing, scaled. Mouse,
 * touch and pen all draw (the library listens to pointer events).
 */
export function SignatureField({ ref, onChange }: { ref: Ref<SignatureHandle>; onChange: () => void }) {
  const hintId = useId();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePad | null>(null);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const pad = new SignaturePad(canvas, { ...SIGNATURE_OPTIONS });
    padRef.current = pad;
    const changed = () => onChangeRef.current();
    pad.addEventListener('endStroke', changed);

    let drawnWidth = 0;
    const fit = () => {
      const rect = canvas.getBoundingClientRect();
      if (rect.width === 0) return;
      const size = backingSize(rect.width, rect.height, window.devicePixelRatio);
      if (canvas.width === size.width && canvas.height === size.height) return;
      const strokes = scaleStrokes(pad.toData(), drawnWidth, rect.width);
      canvas.width = size.width;
      canvas.height = size.height;
      canvas.getContext('2d')?.scale(size.ratio, size.ratio);
      // Resizing a canvas wipes it: draw the strokes again, scaled to the new width.
      pad.clear();
      if (strokes.length > 0) pad.fromData(strokes);
      drawnWidth = rect.width;
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(canvas);
    // A zoom or a move to another screen changes the ratio without a resize.
    const ratioQuery = window.matchMedia(`(resolution: ${window.devicePixelRatio}dppx)`);
    ratioQuery.addEventListener('change', fit);
    return () => {
      observer.disconnect();
      ratioQuery.removeEventListener('change', fit);
      pad.removeEventListener('endStroke', changed);
      pad.off();
      padRef.current = null;
    };
  }, []);

  useImperativeHandle(
    ref,
    () => ({
      isEmpty: () => padRef.current?.isEmpty() ?? true,
      toPng: () => {
        const canvas = canvasRef.current;
        if (!canvas) return '';
        const out = document.createElement('canvas');
        out.width = SIGNATURE_SIZE.width;
        out.height = SIGNATURE_SIZE.height;
        out.getContext('2d')?.drawImage(canvas, 0, 0, out.width, out.height);
        return out.toDataURL('image/png');
      },
      clear: () => {
        padRef.current?.clear();
        onChangeRef.current();
      },
    }),
    [],
  );

  return (
    <div className="signature">
      <canvas
        ref={canvasRef}
        className="signature__pad"
        role="img"
        aria-label="Signature pad: draw your signature"
        aria-describedby={hintId}
      />
      <div className="signature__below">
        <p id={hintId} className="signature__hint">
          Sign above using your mouse or touch screen
        </p>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => {
            padRef.current?.clear();
            onChangeRef.current();
          }}
        >
          Clear Signature
        </button>
      </div>
    </div>
  );
}
