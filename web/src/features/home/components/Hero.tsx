import { Link } from '@tanstack/react-router';

/** The home page's opening banner, with buttons to /about and to the services list (doc 1 §2). */
export function Hero() {
  return (
    <section className="hero" aria-labelledby="hero-heading">
      <div className="container hero__inner">
        <p className="hero__eyebrow">Mobile repair &amp; detailing</p>
        <h1 id="hero-heading">Expert car care that comes to you</h1>
        <p className="hero__lead">
          Our technicians bring the shop to your home or office in West Chester, PA, for repairs, maintenance
          and detailing, done right in your driveway.
        </p>
        <div className="hero__actions">
          <Link
            to="/"
            hash="services"
            activeOptions={{ exact: true }}
            className="button button--primary button--large"
          >
            View Services
          </Link>
          <Link to="/about" className="button button--outline-light button--large">
            About Us
          </Link>
        </div>
      </div>
    </section>
  );
}
