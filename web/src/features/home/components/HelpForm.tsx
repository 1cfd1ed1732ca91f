import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { FormMessage } from '../../../components/ui/FormMessage';
import { SelectField } from '../../../components/ui/SelectField';
import { TextAreaField } from '../../../components/ui/TextAreaField';
import { TextField } from '../../../components/ui/TextField';
import { bindFields, trimmed } from '../../../lib/forms';
import { type ServiceRequest, sendServiceRequest } from '../api';
import '../home.css';
import { SubmitButton } from '../../../components/ui/SubmitButton';
import { FailureMessage } from '../../../components/ui/FailureMessage';

const empty: ServiceRequest = {
  name: '',
  email: '',
  generalIssue: '',
  detailedDescription: '',
  carMake: '',
  carModel: '',
  carTrim: '',
  vin: '',
};

const issues = [
  'Check engine light or engine trouble',
  'Brakes',
  'Battery, starting or electrical',
  'Oil change or fluids',
  'Heating or air conditioning',
  'Tires, suspension or steering',
  'Detailing or appearance',
  'Something else',
] as const;

/**
 * The help request (doc 1 §2, §3, §5): every field but the trim is required;
 * success shows a message and clears the fields; an error shows the server
 * msg, else 'An unexpected error occurred.'.
 */
export function HelpForm() {
  const form = useForm<ServiceRequest>({ defaultValues: empty });
  const send = useMutation({
    mutationFn: sendServiceRequest,
    onSuccess: () => form.reset(empty),
  });
  const bind = bindFields(form, { disabled: send.isPending });
  const submit = form.handleSubmit((values) => send.mutate(trimmed(values)));

  return (
    <section className="help" aria-labelledby="help-heading">
      <div className="container help__inner">
        <div className="help__intro">
          <p className="help__eyebrow">Need Vehicle Service?</p>
          <h2 id="help-heading">Need Help With Your Vehicle?</h2>
          <p>
            Tell us what is going on and which vehicle it is. A technician reviews every request and gets back
            to you within 24 hours with advice and a quote.
          </p>
          <ul className="help__points">
            <li>No obligation, no charge for the quote</li>
            <li>We come to your home or office</li>
            <li>Your VIN helps us bring the right parts</li>
          </ul>
        </div>
        <form className="card help__form" aria-labelledby="help-heading" method="post" onSubmit={submit}>
          <div className="form-row">
            <TextField label="Your name" autoComplete="name" required {...bind('name')} />
            <TextField label="Email" type="email" autoComplete="email" required {...bind('email')} />
          </div>
          <SelectField
            label="General issue"
            placeholder="Choose the closest match"
            options={issues}
            required
            {...bind('generalIssue')}
          />
          <TextAreaField
            label="Describe the problem"
            rows={4}
            required
            placeholder="What happens, since when, any noises or warning lights…"
            {...bind('detailedDescription')}
          />
          <div className="form-row form-row--3">
            <TextField label="Car make" required placeholder="e.g. Honda" {...bind('carMake')} />
            <TextField label="Car model" required placeholder="e.g. Civic" {...bind('carModel')} />
            <TextField label="Trim (optional)" placeholder="e.g. EX-L" {...bind('carTrim')} />
          </div>
          <TextField
            label="VIN"
            required
            maxLength={17}
            pattern="[A-Za-z0-9]{1,17}"
            title="Up to 17 letters and digits"
            autoCapitalize="characters"
            spellCheck={false}
            {...bind('vin')}
          />
          {send.isSuccess && <FormMessage tone="success">{send.data.msg}</FormMessage>}
          <FailureMessage error={send.error} fallback="An unexpected error occurred." />
          <SubmitButton block busy={send.isPending} busyLabel="Sending...">
            Send Request
          </SubmitButton>
        </form>
      </div>
    </section>
  );
}
