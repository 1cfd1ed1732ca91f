import { createFileRoute } from '@tanstack/react-router';
import { ContactForm } from '../features/contact/components/ContactForm';
import { ContactInfo } from '../features/contact/components/ContactInfo';
import { publicPage } from '../lib/public-page';
import { PageShell } from '../components/layout/PageShell';

export const Route = createFileRoute('/contact')({
  ...publicPage('/contact'),
  component: ContactPage,
});

function ContactPage() {
  return (
    <PageShell
      title="Contact Us"
      intro={
        'Questions about a service, a quote for a custom job, or feedback on a visit: we would like to hear it.'
      }
    >
      <div className="contact-layout">
        <ContactInfo />
        <ContactForm />
      </div>
    </PageShell>
  );
}
