import { createFileRoute } from '@tanstack/react-router';
import { ContactForm } from '../features/contact/components/ContactForm';
import { ContactInfo } from '../features/contact/components/ContactInfo';
import { pageTitle } from '../lib/business';
import { pageHead } from '../lib/seo';

export const Route = createFileRoute('/contact')({
  head: () =>
    pageHead({
      title: pageTitle('Contact Us'),
      description:
        'Call, email or send us a message: questions about a service, a quote for a custom job, or feedback on a visit in West Chester, PA.',
      path: '/contact',
    }),
  component: ContactPage,
});

function ContactPage() {
  return (
    <div className="page container">
      <header className="section-header">
        <h1>Contact Us</h1>
        <p>
          Questions about a service, a quote for a custom job, or feedback on a visit: we would like to hear
          it.
        </p>
      </header>
      <div className="contact-layout">
        <ContactInfo />
        <ContactForm />
      </div>
    </div>
  );
}
