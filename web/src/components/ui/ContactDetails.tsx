import { business } from '../../lib/business';
import { EmailLink } from './EmailLink';

/** The shop's phone, email, service area and hours, as a definition list (about and contact pages). */
export function ContactDetails({ className, areaNote }: { className: string; areaNote?: string }) {
  return (
    <dl className={className}>
      <div>
        <dt>Phone</dt>
        <dd>
          <a href={business.phoneHref}>{business.phone}</a>
        </dd>
      </div>
      <div>
        <dt>Email</dt>
        <dd>
          <EmailLink address={business.email} />
        </dd>
      </div>
      <div>
        <dt>Service area</dt>
        <dd>
          {business.area}
          {areaNote}
        </dd>
      </div>
      <div>
        <dt>Hours</dt>
        <dd>
          {business.hours.days} {business.hours.time}
        </dd>
      </div>
    </dl>
  );
}
