import { useMutation } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { FormMessage } from '../components/ui/FormMessage';
import { TextField } from '../components/ui/TextField';
import { register } from '../features/auth/api';
import { AsideList, AuthShell } from '../features/auth/components/AuthShell';
import { type RegistrationFields, validateRegistration } from '../features/auth/validate';
import { textConsentWording } from '@app/core/notify/wording';
import { toUsE164 } from '@app/core/rules/phone';
import { business, pageTitle } from '../lib/business';
import { pageHead } from '../lib/seo';
import { bindFields, messagesResolver } from '../lib/forms';
import { safeRedirect } from '../lib/auth/guards';
import { rememberReturn } from '../lib/auth/return-to';
import { FailureMessage } from '../components/ui/FailureMessage';

/** After a successful registration the page goes to /login after this long (doc 1 §9). */
export const REDIRECT_AFTER_REGISTER_MS = 3000;

/** `?redirect=`: the page the visitor came from (a booking page), where they land after verifying and signing in. */
type RegisterSearch = { redirect?: string };

export const Route = createFileRoute('/register')({
  validateSearch: (search: Record<string, unknown>): RegisterSearch =>
    typeof search.redirect === 'string' ? { redirect: search.redirect } : {},
  head: () =>
    pageHead({
      title: pageTitle('Create Account'),
      description:
        'Create a Mobile Auto Care account to book mobile car repair and detailing in West Chester, PA.',
      path: '/register',
    }),
  component: RegisterPage,
});

const empty: RegistrationFields = {
  firstName: '',
  lastName: '',
  email: '',
  password: '',
  confirmPassword: '',
  textsOptIn: false,
  mobile: '',
};

const fields: { name: keyof RegistrationFields; label: string; type: string; autoComplete: string }[] = [
  { name: 'firstName', label: 'First name', type: 'text', autoComplete: 'given-name' },
  { name: 'lastName', label: 'Last name', type: 'text', autoComplete: 'family-name' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'password', label: 'Password', type: 'password', autoComplete: 'new-password' },
  { name: 'confirmPassword', label: 'Confirm password', type: 'password', autoComplete: 'new-password' },
];

function RegisterPage() {
  const navigate = useNavigate();
  const { redirect } = Route.useSearch();
  // Checked when the form is sent, not while typing; a field's error clears when that field is edited (doc 1 §5).
  const form = useForm<RegistrationFields>({
    defaultValues: empty,
    resolver: messagesResolver(validateRegistration),
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const submit = useMutation({ mutationFn: register, onSuccess: () => rememberReturn(redirect) });

  useEffect(() => {
    if (!submit.isSuccess) return;
    const back = safeRedirect(redirect);
    const timer = setTimeout(
      () => void navigate({ to: '/login', search: back ? { redirect: back } : {} }),
      REDIRECT_AFTER_REGISTER_MS,
    );
    return () => clearTimeout(timer);
  }, [submit.isSuccess, navigate, redirect]);

  const busy = submit.isPending || submit.isSuccess;
  const field = bindFields(form, { disabled: busy, clearOnEdit: 'field' });
  const [textsOptIn, mobile] = useWatch({ control: form.control, name: ['textsOptIn', 'mobile'] });

  return (
    <AuthShell
      title="Create Account"
      intro="Register to book mobile repair and detailing at your home or office."
      aside={
        <AsideList
          heading="With an account you can"
          items={[
            { title: 'Book repair services', text: 'Pick a service, a date and a time that suit you.' },
            { title: 'Track service progress', text: 'See the status of every appointment as we work.' },
            { title: 'Manage work orders', text: 'Review and acknowledge work orders online.' },
          ]}
          switchTo={{ question: 'Already have an account?', to: '/login', label: 'Sign in', redirect }}
        />
      }
    >
      <form
        className="auth__form"
        aria-label="Create Account"
        method="post"
        noValidate
        onSubmit={form.handleSubmit((values) =>
          // confirmPassword stays in the browser (doc 1 §5).
          submit.mutate({
            firstName: values.firstName.trim(),
            lastName: values.lastName.trim(),
            email: values.email.trim(),
            password: values.password,
            // Texts consent is optional; the server stores the wording shown for this number, with the time.
            ...(values.textsOptIn ? { textsOptIn: true, mobile: toUsE164(values.mobile ?? '') } : {}),
          }),
        )}
      >
        <div className="auth__row">{fields.slice(0, 2).map(renderField)}</div>
        {fields.slice(2).map(renderField)}
        <div className="check">
          <input id="register-texts" type="checkbox" {...form.register('textsOptIn')} disabled={busy} />
          <label htmlFor="register-texts">Text me about my bookings (optional)</label>
        </div>
        {textsOptIn && (
          <>
            <TextField
              label="Mobile number (US)"
              type="tel"
              autoComplete="tel-national"
              {...field('mobile')}
            />
            <p className="field__hint">{textConsentWording(toUsE164(mobile ?? ''), business.name)}</p>
          </>
        )}
        {submit.isSuccess && <FormMessage tone="success">{submit.data.msg}</FormMessage>}
        <FailureMessage error={submit.error} fallback="An error occurred during registration." />
        <button type="submit" className="button button--primary button--block" disabled={busy}>
          {submit.isPending ? 'Creating Account...' : 'Create Account'}
        </button>
      </form>
    </AuthShell>
  );

  function renderField({ name, label, type, autoComplete }: (typeof fields)[number]) {
    return <TextField key={name} label={label} type={type} autoComplete={autoComplete} {...field(name)} />;
  }
}
