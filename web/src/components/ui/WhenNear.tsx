import { type ReactNode, Suspense, useEffect, useRef, useState } from 'react';

type WhenNearProps = {
  /** The anchor a link can point at (the place is there before its content). */
  id?: string;
  /** Space kept while the content is not there yet, so nothing around it moves. */
  minHeight: string;
  children: ReactNode;
};

/**
 * Renders its (lazy) children only once their place comes within a screen or
 * so of the viewport: a section far down the page costs the first load nothing.
 */
export function WhenNear({ id, minHeight, children }: WhenNearProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);

  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          setNear(true);
        }
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  return (
    <div id={id} ref={ref} style={{ minHeight }}>
      {near ? <Suspense fallback={null}>{children}</Suspense> : null}
    </div>
  );
}
