import { AppLink } from '../../../lib/links';

/** The home page's opening banner, with buttons to /about and to the services list (doc 1 §2). */
export function Hero() {
  return (
    <section className="hero" aria-labelledby="hero-heading">
      <div className="container hero__inner hero__inner--art">
        <div className="hero__copy">
          <p className="hero__eyebrow">Mobile repair &amp; detailing</p>
          <h1 id="hero-heading">Expert car care that comes to you</h1>
          <p className="hero__lead">
            Our technicians bring the shop to your home or office in West Chester, PA, for repairs,
            maintenance and detailing, done right in your driveway.
          </p>
          <div className="hero__actions">
            <AppLink
              to="/"
              hash="services"
              activeOptions={{ exact: true }}
              className="button button--primary button--large"
            >
              View Services
            </AppLink>
            <AppLink to="/about" className="button button--outline-light button--large">
              About Us
            </AppLink>
          </div>
        </div>
        {/*
         * The brand illustration (a static SVG file, not part of the script): decorative, so no alt text.
         * Its width and height reserve the space before it loads. Lazy: phones do not show it (CSS), so
         * they never fetch it; on wider screens it is in view and loads at once.
         */}
        <img
          className="hero__art"
          src="/illustrations/service-van.svg"
          width={560}
          height={400}
          alt=""
          loading="lazy"
          decoding="async"
        />
      </div>
    </section>
  );
}
