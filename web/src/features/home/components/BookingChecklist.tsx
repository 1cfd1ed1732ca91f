import { type ReactNode, useId, useState } from 'react';
import '../home.css';
import { AppLink } from '../../../lib/links';

/** What the checklist needs to know of the signed-in user (doc 1 §3: hasCardOnFile). */
export type ChecklistUser = { hasCardOnFile: boolean };

type Mode = 'quick' | 'custom';

type Step = {
  title: string;
  text: string;
  /** 'Required' on the card step of the quick mode, 'Optional' in the custom mode. */
  badge?: 'Required' | 'Optional';
  complete: boolean;
  links: ReactNode;
};

const modes: { id: Mode; label: string }[] = [
  { id: 'quick', label: 'Professional Services' },
  { id: 'custom', label: 'Custom Request' },
];

/**
 * 'How to Book Your Service' (doc 1 §2, §4). Quick mode: Create Account, Add
 * Payment Method (Required), Choose Your Service, Schedule Appointment,
 * Service Complete. Custom mode: Create Account, Add Payment Method (not
 * required), Submit Custom Request, Service Complete. The account step is
 * complete while someone is signed in, the card step when they have a card on
 * file; the other steps are never shown complete.
 */
export function BookingChecklist({ user }: { user: ChecklistUser | null }) {
  const [mode, setMode] = useState<Mode>('quick');
  const headingId = useId();

  const account: Step = {
    title: 'Create Account',
    text: user
      ? 'You are signed in. Manage your bookings, details and payment method in your account.'
      : 'Register for a free account to book services and follow their progress.',
    complete: !!user,
    links: user ? (
      <AppLink to="/dashboard" className="button button--secondary">
        Account Manager
      </AppLink>
    ) : (
      <AppLink to="/register" className="button button--secondary">
        Create Account
      </AppLink>
    ),
  };
  const card = (required: boolean): Step => ({
    title: 'Add Payment Method',
    text: required
      ? 'Save a card on file before booking. It is not charged until your service is complete.'
      : 'Not needed to ask for a quote, but a card on file lets us book the work as soon as you approve it. It is not charged until the service is complete.',
    badge: required ? 'Required' : 'Optional',
    complete: !!user?.hasCardOnFile,
    links: (
      <AppLink to="/dashboard" search={{ tab: 'account' }} className="button button--secondary">
        Add Card
      </AppLink>
    ),
  });
  const done: Step = {
    title: 'Service Complete',
    text: 'Our technician does the work at your location and walks you through it. Your card is charged only then.',
    complete: false,
    links: (
      <AppLink to="/about" className="button button--secondary">
        Learn More<span className="visually-hidden"> about us and how we work</span>
      </AppLink>
    ),
  };

  const steps: Step[] =
    mode === 'quick'
      ? [
          account,
          card(true),
          {
            title: 'Choose Your Service',
            text: 'Browse our services, with prices and durations, and pick the one your vehicle needs.',
            complete: false,
            links: (
              <AppLink
                to="/"
                hash="services"
                activeOptions={{ exact: true }}
                className="button button--secondary"
              >
                Browse Services
              </AppLink>
            ),
          },
          {
            title: 'Schedule Appointment',
            text: 'Choose a date and time that suits you. We come to your home or office.',
            complete: false,
            links: (
              <AppLink to="/booking" className="button button--primary">
                Book Now
              </AppLink>
            ),
          },
          done,
        ]
      : [
          account,
          card(false),
          {
            title: 'Submit Custom Request',
            text: 'Describe what your vehicle needs. We contact you within 24 hours with a quote.',
            complete: false,
            links: (
              <>
                <AppLink to="/contact" className="button button--primary">
                  Request Custom Quote
                </AppLink>
                <AppLink
                  to="/"
                  hash="help-form"
                  activeOptions={{ exact: true }}
                  className="button button--secondary"
                >
                  Use the Help Form
                </AppLink>
              </>
            ),
          },
          done,
        ];

  const completed = steps.filter((step) => step.complete).length;

  return (
    <section className="checklist" aria-labelledby={headingId}>
      <div className="container">
        <header className="section-header checklist__header">
          <h2 id={headingId}>How to Book Your Service</h2>
          <p>Two ways to get your vehicle looked after: book one of our services, or ask for a custom job.</p>
        </header>
        <div className="checklist__modes" role="group" aria-label="Type of booking">
          {modes.map((item) => (
            <button
              key={item.id}
              type="button"
              className="checklist__mode"
              aria-pressed={mode === item.id}
              onClick={() => setMode(item.id)}
            >
              {item.label}
            </button>
          ))}
        </div>
        <p className="checklist__progress" aria-live="polite">
          {completed} of {steps.length} steps complete
        </p>
        <ol className="checklist__steps">
          {steps.map((step, index) => (
            <li
              key={`${mode}-${step.title}`}
              className={step.complete ? 'card checklist__step is-complete' : 'card checklist__step'}
              data-complete={step.complete}
            >
              <span className="checklist__marker" aria-hidden="true">
                {step.complete ? '✓' : index + 1}
              </span>
              <div className="checklist__body">
                <h3 className="checklist__title">
                  {step.title}
                  {step.complete && <span className="visually-hidden"> (completed)</span>}
                  {step.badge && (
                    <span className={`checklist__badge checklist__badge--${step.badge.toLowerCase()}`}>
                      {step.badge}
                    </span>
                  )}
                </h3>
                <p>{step.text}</p>
                <div className="checklist__links">{step.links}</div>
              </div>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
