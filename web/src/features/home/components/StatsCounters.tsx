import { useEffect, useRef, useState } from 'react';
import { usePrefersReducedMotion } from '../../../lib/usePrefersReducedMotion';
import { COUNT_UP_STEPS, countUpValue } from '../countUp';
import '../home.css';
import { groupThousands } from '../../../lib/format';

type Stat = { value: number; suffix: string; label: string };

const stats: Stat[] = [
  { value: 10, suffix: '+', label: 'Years of Experience' },
  { value: 5000, suffix: '+', label: 'Vehicles Serviced' },
  { value: 99, suffix: '%', label: 'Customer Satisfaction' },
  { value: 24, suffix: 'h', label: 'Reply to Custom Requests' },
];

const DURATION_MS = 2000;

/**
 * Counters that count up in about 200 steps once scrolled into view (doc 1
 * §2, §9), and stand still at their final values for visitors who prefer
 * reduced motion. Screen readers read the final values only.
 */
export function StatsCounters() {
  const reducedMotion = usePrefersReducedMotion();
  const ref = useRef<HTMLElement>(null);
  const [step, setStep] = useState(0);

  useEffect(() => {
    if (reducedMotion) return;
    let timer: number | undefined;
    const start = () => {
      if (timer !== undefined) return;
      const startedAt = performance.now();
      // The step follows the clock, not the number of ticks: a busy device
      // that delays ticks skips steps but still ends on time.
      timer = window.setInterval(() => {
        const n = Math.min(
          COUNT_UP_STEPS,
          Math.ceil(((performance.now() - startedAt) / DURATION_MS) * COUNT_UP_STEPS),
        );
        setStep(n);
        if (n >= COUNT_UP_STEPS) window.clearInterval(timer);
      }, DURATION_MS / COUNT_UP_STEPS);
    };
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') {
      start();
      return () => window.clearInterval(timer);
    }
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        observer.disconnect();
        start();
      }
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      window.clearInterval(timer);
    };
  }, [reducedMotion]);

  const shownStep = reducedMotion ? COUNT_UP_STEPS : step;

  return (
    <section ref={ref} className="stats" aria-labelledby="stats-heading">
      <div className="container">
        <h2 id="stats-heading" className="visually-hidden">
          Mobile Auto Care in numbers
        </h2>
        <ul className="stats__list">
          {stats.map((stat) => (
            <li key={stat.label} className="stat">
              <span className="stat__value" data-testid="stat-value">
                <span aria-hidden="true">
                  {groupThousands(countUpValue(stat.value, shownStep))}
                  {stat.suffix}
                </span>
                <span className="visually-hidden">
                  {groupThousands(stat.value)}
                  {stat.suffix}
                </span>
              </span>
              <span className="stat__label">{stat.label}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
