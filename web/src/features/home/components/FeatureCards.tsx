import type { ReactNode } from 'react';
import { business } from '../../../lib/business';
import '../home.css';

type Feature = { title: string; text: string; icon: ReactNode };

const iconProps = {
  viewBox: '0 0 24 24',
  'aria-hidden': true,
  focusable: false,
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

/** The four reasons to choose the shop (doc 1 §2, Home page). */
const features: Feature[] = [
  {
    title: 'Mobile Convenience',
    text: 'We come to your home, office or parking lot. No tow, no waiting room, no ride to arrange.',
    icon: (
      <svg {...iconProps}>
        <path d="M3 16V8a1 1 0 0 1 1-1h10v9" />
        <path d="M14 10h4l3 3v3h-7" />
        <circle cx="7" cy="17" r="2" />
        <circle cx="17" cy="17" r="2" />
      </svg>
    ),
  },
  {
    title: 'Expert Technicians',
    text: 'Experienced, certified technicians who explain the work in plain words before they start.',
    icon: (
      <svg {...iconProps}>
        <path d="M14.7 6.3a4 4 0 0 0-5.4 5.4L3 18l3 3 6.3-6.3a4 4 0 0 0 5.4-5.4l-2.5 2.5-2.4-.6-.6-2.4z" />
      </svg>
    ),
  },
  {
    title: 'Quality Guaranteed',
    text: 'Quality parts and careful work, backed by our satisfaction guarantee on every service.',
    icon: (
      <svg {...iconProps}>
        <path d="M12 3l7 3v5c0 4.5-3 8.5-7 10-4-1.5-7-5.5-7-10V6z" />
        <path d="M9 12l2 2 4-4" />
      </svg>
    ),
  },
  {
    title: 'Flexible Scheduling',
    // The hours come from the business settings (core/src/business.ts), like the footer's and the mails'.
    text: `Pick a time that suits you, online or by phone. We are out on the road ${business.hours.days}, ${business.hours.time}.`,
    icon: (
      <svg {...iconProps}>
        <rect x="3" y="5" width="18" height="16" rx="2" />
        <path d="M3 10h18M8 3v4M16 3v4" />
        <path d="M12 14v3l2 1" />
      </svg>
    ),
  },
];

export function FeatureCards() {
  return (
    <section className="features" aria-labelledby="features-heading">
      <div className="container">
        <h2 id="features-heading" className="section-title">
          Why Choose Mobile Auto Care
        </h2>
        <ul className="features__grid">
          {features.map((feature) => (
            <li key={feature.title} className="card feature-card">
              <span className="feature-card__icon">{feature.icon}</span>
              <h3>{feature.title}</h3>
              <p>{feature.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
