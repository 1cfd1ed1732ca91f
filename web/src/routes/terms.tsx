import { createFileRoute, Link } from '@tanstack/react-router';
import { LateCancelPolicy } from '../features/legal/components/LateCancelPolicy';
import { LegalPage, LegalSection } from '../features/legal/components/LegalPage';
import { business } from '../lib/business';
import { publicPage } from '../lib/public-page';

export const Route = createFileRoute('/terms')({
  ...publicPage('/terms'),
  component: TermsPage,
});

/** The terms the booking form links to (doc 1 §2: the terms link opens /terms in a new tab). */
function TermsPage() {
  return (
    <LegalPage
      title="Terms of Service"
      updated="January 2026"
      intro={
        <p>
          These terms apply when you book or receive a service from {business.name}, a mobile vehicle repair
          and detailing business serving {business.area}. By booking, you agree to them. If anything is
          unclear, please <Link to="/contact">contact us</Link> before you book.
        </p>
      }
    >
      <LegalSection title="1. Our services">
        <p>
          Our technicians perform repairs, maintenance and detailing at a location you choose. Service
          descriptions, prices and durations on this site are estimates for a typical vehicle. If we find that
          your vehicle needs different or additional work, we explain why and ask for your approval before we
          do it; we never charge for work you did not approve.
        </p>
      </LegalSection>
      <LegalSection title="2. Appointments and the service location">
        <ul>
          <li>An appointment is confirmed when you receive our confirmation, by email or in your account.</li>
          <li>
            Please make sure the vehicle is accessible at the agreed time and place, with keys available, and
            that we may work there: a driveway, a private lot with permission, or a safe, level street space
            where local rules allow it.
          </li>
          <li>
            Arrival times are windows. Traffic, weather and earlier jobs can delay us; we tell you as soon as
            we know. If it is unsafe to work (for example in a storm), we will reschedule at no cost to you.
          </li>
        </ul>
      </LegalSection>
      <LegalSection title="3. Cancelling or rescheduling">
        <ul>
          <li>
            You can cancel or reschedule free of charge up to 24 hours before your appointment, from your
            account or by calling us at <a href={business.phoneHref}>{business.phone}</a>.
          </li>
          <li>
            For later cancellations, or if the vehicle is not available when our technician arrives, we may
            charge a trip fee to cover travel. We tell you the amount before charging it.
          </li>
          <li>
            We may cancel an appointment we cannot keep; we then offer another time, and nothing is charged.
          </li>
          <LateCancelPolicy />
        </ul>
      </LegalSection>
      <LegalSection title="4. Payment and your card on file">
        <ul>
          <li>A payment card on file is required to book a service online.</li>
          <li>
            Your card is <strong>not charged until the service is complete</strong>. We then charge the agreed
            price, plus any additional work you approved and applicable taxes, and send you a receipt.
          </li>
          <li>
            Card details are handled by our payment provider; we store only a reference to the card, never its
            number.
          </li>
        </ul>
      </LegalSection>
      <LegalSection title="5. Parts, workmanship and guarantee">
        <p>
          We use new parts of original-equipment quality unless you agree otherwise; parts carry their
          manufacturer’s warranty. We stand behind our workmanship: if something we did is not right, tell us
          and we will come back to put it right at no charge.
        </p>
      </LegalSection>
      <LegalSection title="6. Liability">
        <ul>
          <li>
            We take care of your vehicle and property while we work and are insured for damage we cause.
            Please point out existing damage before we start; we may photograph the vehicle to record its
            condition.
          </li>
          <li>
            We are not responsible for pre-existing faults, for wear that shows up after a service, for
            valuables left in the vehicle, or for problems caused by parts you supplied.
          </li>
          <li>
            Our liability for any service is limited to the price of that service, except where the law does
            not allow such a limit (for example for injury caused by negligence).
          </li>
        </ul>
      </LegalSection>
      <LegalSection title="7. Reviews, comments and your account">
        <p>
          Keep reviews and blog comments honest and respectful. We may remove content that is abusive, off
          topic or unlawful. You are responsible for keeping your password secret; tell us right away if you
          think someone else has used your account.
        </p>
      </LegalSection>
      <LegalSection title="8. Your privacy">
        <p>
          We use your contact and vehicle details only to provide and follow up on our services. Our{' '}
          <Link to="/privacy">Privacy Policy</Link> explains what we collect and your choices.
        </p>
      </LegalSection>
      <LegalSection title="9. Changes and contact">
        <p>
          We may update these terms; the version that applies is the one shown when you book. Questions? Call
          us at <a href={business.phoneHref}>{business.phone}</a> ({business.hours.days},{' '}
          {business.hours.time}) or email <a href={`mailto:${business.email}`}>{business.email}</a>. These
          terms are governed by the laws of the Commonwealth of Pennsylvania.
        </p>
      </LegalSection>
    </LegalPage>
  );
}
