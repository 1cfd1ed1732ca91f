import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { business } from '../../../lib/business';
import { ContactDetails } from '../../../components/ui/ContactDetails';
import '../about.css';

const stats = [
  { value: '10+', label: 'Years of Experience' },
  { value: '5,000+', label: 'Vehicles Serviced' },
  { value: '99%', label: 'Customer Satisfaction' },
  { value: 'Eco-Friendly', label: 'Waterless washes, recycled oil' },
];

const values = [
  {
    title: 'Quality',
    text: 'Quality parts, manufacturer procedures and a final check before we call a job done.',
  },
  {
    title: 'Integrity',
    text: 'Clear prices before we start, honest advice, and no work you did not approve.',
  },
  {
    title: 'Excellence',
    text: 'Trained technicians who keep learning, and a result we would be proud to drive ourselves.',
  },
];

const serviceLinks = [
  'Oil changes & fluids',
  'Brakes',
  'Batteries & electrical',
  'Engine diagnostics',
  'A/C service',
  'Detailing & ceramic coating',
];

/** The about page's hero (doc 2 §2). */
export function AboutHero() {
  return (
    <section className="hero about-hero" aria-labelledby="about-heading">
      <div className="container hero__inner">
        <p className="hero__eyebrow">About us</p>
        <h1 id="about-heading">Car care that comes to your driveway</h1>
        <p className="hero__lead">
          {business.name} is a team of mobile technicians serving {business.area} and the surrounding area. We
          bring the tools, the parts and the know-how to your home or office.
        </p>
      </div>
    </section>
  );
}

/** 10+ years, 5,000+ vehicles, 99% satisfaction, eco-friendly (doc 2 §2). */
export function AboutStats() {
  return (
    <section className="about-stats" aria-label="Mobile Auto Care at a glance">
      <ul className="about-stats__list">
        {stats.map((stat) => (
          <li key={stat.label} className="about-stat">
            <span
              className={
                /\d/.test(stat.value) ? 'about-stat__value' : 'about-stat__value about-stat__value--text'
              }
            >
              {stat.value}
            </span>
            <span className="about-stat__label">{stat.label}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Story, mission, core values, the carousel slot and the call to action (doc 2 §2). */
export function AboutMain({ carousel }: { carousel: ReactNode }) {
  return (
    <div className="about-main">
      <section aria-labelledby="story-heading">
        <h2 id="story-heading">Our Story</h2>
        <p>
          We started with one van and a simple idea: nobody should lose half a day sitting in a waiting room.
          Ten years and thousands of vehicles later, our technicians still do the same thing every day, fixing
          and caring for cars where their owners live and work, and explaining every step in plain words.
        </p>
      </section>
      <section aria-labelledby="mission-heading" className="about-mission">
        <h2 id="mission-heading">Our Mission</h2>
        <p>
          To make car care convenient, transparent and trustworthy: quality work at your location, fair prices
          agreed up front, and a card on file that is never charged until the service is complete.
        </p>
      </section>
      <section aria-labelledby="values-heading">
        <h2 id="values-heading">Our Core Values</h2>
        <ul className="about-values">
          {values.map((value) => (
            <li key={value.title} className="card about-value">
              <h3>{value.title}</h3>
              <p>{value.text}</p>
            </li>
          ))}
        </ul>
      </section>
      {carousel}
      <section className="about-cta" aria-labelledby="cta-heading">
        <h2 id="cta-heading">Ready to skip the repair shop?</h2>
        <p>Pick a service and a time. We will bring everything else.</p>
        <div className="about-cta__actions">
          <Link to="/services" className="button button--primary button--large">
            Explore Our Services
          </Link>
          <Link to="/contact" className="button button--outline-light button--large">
            Contact Us
          </Link>
        </div>
      </section>
    </div>
  );
}

/** The quick-contact and services sidebars (doc 2 §2). */
export function AboutSidebar() {
  return (
    <aside className="about-sidebar" aria-label="Contact and services">
      <section className="card about-box" aria-labelledby="quick-contact-heading">
        <h2 id="quick-contact-heading">Quick Contact</h2>
        <ContactDetails className="about-contact" />
        <Link to="/contact" className="button button--secondary button--block">
          Send us a message
        </Link>
      </section>
      <section className="card about-box" aria-labelledby="sidebar-services-heading">
        <h2 id="sidebar-services-heading">Our Services</h2>
        <ul className="about-services">
          {serviceLinks.map((label) => (
            <li key={label}>
              <Link to="/services">{label}</Link>
            </li>
          ))}
        </ul>
      </section>
    </aside>
  );
}
