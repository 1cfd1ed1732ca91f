import { ContactDetails } from '../../../components/ui/ContactDetails';
import '../contact.css';

/** The contact page's details (doc 2 §2): phone, email, area and hours. */
export function ContactInfo() {
  return (
    <section className="card contact-info" aria-labelledby="contact-info-heading">
      <h2 id="contact-info-heading">Contact Information</h2>
      <ContactDetails className="contact-info__list" areaNote=" and nearby communities. We come to you." />
      <p className="contact-info__note">
        We answer messages within one business day. For a repair quote, the vehicle’s make, model and VIN help
        us bring the right parts.
      </p>
    </section>
  );
}
