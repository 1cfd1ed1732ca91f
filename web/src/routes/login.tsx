import { useMutation } from '@tanstack/react-query';
import { createFileRoute, Link, useRouter } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { TextField } from '../components/ui/TextField';
import { type Credentials, login } from '../features/auth/api';
import { AsideList, AuthShell } from '../features/auth/components/AuthShell';
import { ResendVerification } from '../features/auth/components/ResendVerification';
import { safeRedirect } from '../lib/auth/guards';
import { forgetReturn } from '../lib/auth/return-to';
import { useAuth } from '../lib/auth/store';
import { isApiStatus } from '../lib/api';
import { bindFields } from '../lib/forms';
import { pageTitle } from '../lib/business';
import { pageHead } from '../lib/seo';
import { SubmitButton } from '../components/ui/SubmitButton';
import { FailureMessage } from '../components/ui/FailureMessage';

type LoginSearch = { redirect?: string };

export const Route = createFileRoute('/login')({
  validateSearch: (search: Record<string, unknown>): LoginSearch =>
    typeof search.redirect === 'string' ? { redirect: search.redirect } : {},
  head: () =>
    pageHead({
      title: pageTitle('Login'),
      description: 'Sign in to your Mobile Auto Care account to book services and follow your appointments.',
      path: '/login',
    }),
  component: LoginPage,
});

function LoginPage() {
  const { redirect } = Route.useSearch();
  const router = useRouter();
  const { signIn } = useAuth();
  const form = useForm<Credentials>({ defaultValues: { email: '', password: '' } });
  const attempt = useMutation({
    mutationFn: login,
    onSuccess: ({ token, user }) => {
      signIn(token, user);
      forgetReturn();
      // Back to where the login guard (or a registration from a booking page) sent the user from;
      // otherwise the services list (doc 1 §2).
      const target = safeRedirect(redirect);
      if (target) router.history.push(target);
      // A technician's home is their day on the phone (issue 22): /tech, never the admin's pages.
      else if (user.role === 'technician') router.history.push('/tech');
      // The admin's is the desk (issue 30).
      else if (user.role === 'admin') router.history.push('/admin');
      else void router.navigate({ to: '/services' });
    },
  });
  const unverified = isApiStatus(attempt.error, 403);
  const field = bindFields(form, { disabled: attempt.isPending });

  return (
    <AuthShell
      title="Login"
      intro="Sign in to book services and follow your appointments."
      aside={
        <AsideList
          heading="Your account"
          items={[
            { title: 'Manage Repairs', text: 'Book, edit and follow your service appointments.' },
            { title: 'View Analytics', text: 'See your service history and vehicle care at a glance.' },
            { title: 'Business Tools', text: 'Work orders and records for your vehicles in one place.' },
          ]}
          switchTo={{ question: 'New here?', to: '/register', label: 'Create Account', redirect }}
        />
      }
    >
      <form
        className="auth__form"
        aria-label="Login"
        method="post"
        onSubmit={form.handleSubmit(({ email, password }) =>
          attempt.mutate({ email: email.trim(), password }),
        )}
      >
        <TextField label="Email" type="email" autoComplete="email" required {...field('email')} />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          {...field('password')}
        />
        <FailureMessage error={attempt.error} fallback="An error occurred during login." />
        <SubmitButton block busy={attempt.isPending} busyLabel="Signing In...">
          Sign In
        </SubmitButton>
        <p className="auth__links">
          <Link to="/forgot-password">Forgot password?</Link>
        </p>
      </form>
      {unverified && (
        <div className="auth__resend">
          <h2>Didn’t get the verification email?</h2>
          <p>We can send you a new link.</p>
          {/* The address that was refused for being unverified. */}
          <ResendVerification initialEmail={attempt.variables?.email} />
        </div>
      )}
    </AuthShell>
  );
}
