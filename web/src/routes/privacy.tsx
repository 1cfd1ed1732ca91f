import { createFileRoute, Link } from '@tanstack/react-router';
import { LegalPage, LegalSection } from '../features/legal/components/LegalPage';
import { business } from '../lib/business';
import { publicPage } from '../lib/public-page';

export const Route = createFileRoute('/privacy')({
  ...publicPage('/privacy'),
  component: PrivacyPage,
});

function PrivacyPage() {
  return (
    <LegalPage
      title="Privacy Policy"
      updated="January 2026"
      intro={
        <p>
          {business.name} collects only what it needs to look after your vehicle and to keep in touch with you
          about it. This page explains what that is, why, and what you can ask of us.
        </p>
      }
    >
      <LegalSection title="What we collect">
        <ul>
          <li>
            <strong>Account details:</strong> your name, email address and a securely hashed password (we
            cannot read it).
          </li>
          <li>
            <strong>Booking and vehicle details:</strong> the service, date, time and place, your vehicle’s
            make, model, year, color and VIN, and notes you give us.
          </li>
          <li>
            <strong>Messages:</strong> what you send through the contact and help forms, including your name
            and email.
          </li>
          <li>
            <strong>Payment:</strong> your card is stored by our payment provider; we keep only a reference to
            it and never see or store the full card number.
          </li>
          <li>
            <strong>Reviews, likes and comments</strong> you post on this site, shown with your name.
          </li>
        </ul>
      </LegalSection>
      <LegalSection title="How we use it">
        <ul>
          <li>To schedule, perform and invoice services, and to send confirmations and work orders.</li>
          <li>To answer your messages and quote requests.</li>
          <li>To protect the site and our customers, for example by limiting repeated sign-in attempts.</li>
        </ul>
        <p>
          We do not sell your personal information, and we do not send marketing email without your consent.
        </p>
      </LegalSection>
      <LegalSection title="Who we share it with">
        <p>
          Only the service providers who help us run the business, and only what they need: our hosting and
          email providers and our payment provider. They may use your information only on our behalf. We
          disclose information to authorities only when the law requires it.
        </p>
      </LegalSection>
      <LegalSection title="How long we keep it">
        <p>
          We keep account and service records while your account is open and for as long as tax and warranty
          rules require afterwards. Contact and help-form messages are kept for up to two years.
        </p>
      </LegalSection>
      <LegalSection title="Cookies and local storage">
        <p>
          We do not use advertising or tracking cookies. When you sign in, your browser stores a session token
          so you stay signed in; signing out removes it.
        </p>
      </LegalSection>
      <LegalSection title="Your choices">
        <p>
          You can see and update your details in your account, and ask us to correct, export or delete your
          information at any time by emailing <a href={`mailto:${business.email}`}>{business.email}</a> or
          through our <Link to="/contact">contact page</Link>. We answer within 30 days.
        </p>
      </LegalSection>
      <LegalSection title="Questions">
        <p>
          Questions about this policy? Call us at <a href={business.phoneHref}>{business.phone}</a>. See also
          our <Link to="/terms">Terms of Service</Link>.
        </p>
      </LegalSection>
    </LegalPage>
  );
}
