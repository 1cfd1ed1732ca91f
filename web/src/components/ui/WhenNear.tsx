import { type ReactNode, Suspense, useEffect, useRef, useState } from 'react';

type WhenNearProps = {
  /** The anchor a link can point at (the place is there before its content). */
  id?: string;
  /**
   * A class that keeps the space (a min-height) while the content is not there
   * yet, so nothing around it moves. A class, not a style attribute: the CSP
   * refuses style attributes in pre-rendered HTML (decisions 015, 043).
   */
  className: string;
  children: ReactNode;
};

/**
 * Renders its (lazy) children only once their place comes within a screen or
 * so of the viewport: a section far down the page costs the first load nothing.
 */
export function WhenNear({ id, className, children }: WhenNearProps) {
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
    <div id={id} ref={ref} className={className}>
      {near ? <Suspense fallback={null}>{children}</Suspense> : null}
    </div>
  );
}
