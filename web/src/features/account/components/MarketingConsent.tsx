import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { marketingMailWording, marketingTextWording } from '@app/core/notify/wording';
import { formatLongDate } from '@app/core/time';
import { business } from '../../../lib/business';
import type { NotificationChange, NotificationSettings } from '../api';

type Props = { settings: NotificationSettings; busy: boolean; onSave: (body: NotificationChange) => void };
type Channel = 'mail' | 'text';

/**
 * Account Settings → "Your car is due" (issue 34, decision 124): marketing
 * consent, apart from the booking notices. Each channel is an unticked box
 * with the exact wording the server keeps with the time (a text's names the
 * number: TCPA's written consent); once given, one button withdraws it.
 */
export function MarketingConsent({ settings, busy, onSave }: Props) {
  const form = useForm<Record<Channel, boolean>>({ defaultValues: { mail: false, text: false } });
  const [mail, text] = useWatch({ control: form.control, name: ['mail', 'text'] });
  const id = useId();
  const { marketing } = settings;
  const texting = settings.texts?.on ? settings.texts.mobile : undefined;
  const wording: Record<Channel, string> = {
    mail: marketingMailWording(business.name),
    text: marketingTextWording(texting, business.name),
  };
  const open = (['mail', 'text'] as const).filter((c) => !marketing[c]?.on && (c === 'mail' || texting));
  return (
    <div className="text-messages__marketing" aria-labelledby={`${id}-title`} role="group">
      <h3 id={`${id}-title`}>When your vehicle is due</h3>
      {(['mail', 'text'] as const).map((c) =>
        marketing[c]?.on ? (
          <p key={c}>
            You agreed on {formatLongDate(marketing[c].consentedAt)} to hear by{' '}
            {c === 'mail' ? 'email' : 'text'} when your vehicle is due.{' '}
            <button
              type="button"
              className="button button--secondary"
              disabled={busy}
              onClick={() => onSave({ marketing: { [c]: false } })}
            >
              Stop {c === 'mail' ? 'these emails' : 'these texts'}
            </button>
          </p>
        ) : null,
      )}
      {open.length > 0 && (
        <form
          aria-label="Due reminders"
          noValidate
          onSubmit={form.handleSubmit((values) =>
            onSave({
              marketing: { ...(values.mail ? { mail: true } : {}), ...(values.text ? { text: true } : {}) },
            }),
          )}
        >
          {open.map((c) => (
            <div key={c} className="check">
              <input id={`${id}-${c}`} type="checkbox" disabled={busy} {...form.register(c)} />
              <label htmlFor={`${id}-${c}`}>{wording[c]}</label>
            </div>
          ))}
          <button type="submit" className="button button--primary" disabled={busy || !(mail || text)}>
            Remind Me
          </button>
        </form>
      )}
      {!texting && <p className="field__hint">Opt in to texts above to get these by text too.</p>}
    </div>
  );
}
