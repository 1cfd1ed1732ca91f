import { business, businessHours } from '../../../lib/business';
import '../contact.css';

/** The contact page's details (doc 2 §2): phone, email, area and hours. */
export function ContactInfo() {
  return (
    <section className="card contact-info" aria-labelledby="contact-info-heading">
      <h2 id="contact-info-heading">Contact Information</h2>
      <dl className="contact-info__list">
        <div>
          <dt>Phone</dt>
          <dd>
            <a href={business.phoneHref}>{business.phone}</a>
          </dd>
        </div>
        <div>
          <dt>Email</dt>
          <dd>
            <a href={`mailto:${business.email}`}>{business.email}</a>
          </dd>
        </div>
        <div>
          <dt>Service area</dt>
          <dd>{business.area} and nearby communities. We come to you.</dd>
        </div>
        <div>
          <dt>Hours</dt>
          <dd>
            {businessHours.days} {businessHours.time}
          </dd>
        </div>
      </dl>
      <p className="contact-info__note">
        We answer messages within one business day. For a repair quote, the vehicle’s make, model and VIN help
        us bring the right parts.
      </p>
    </section>
  );
}
