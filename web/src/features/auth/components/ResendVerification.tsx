import { resendVerification } from '../api';
import { EmailRequestForm } from './EmailRequestForm';

/** The resend form of the verification and login pages (doc 1 §2, §4, §8). */
export function ResendVerification({ initialEmail }: { initialEmail?: string }) {
  return (
    <EmailRequestForm
      name="Resend verification email"
      send={resendVerification}
      submitLabel="Resend verification email"
      fallbackError="Failed to resend verification email"
      initialEmail={initialEmail}
    />
  );
}
