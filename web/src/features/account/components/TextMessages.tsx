import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import {
  type Channel,
  channels,
  preferenceKinds,
  preferenceLabels,
  textConsentWording,
} from '@app/core/notify/wording';
import { formatUsNumber, toUsE164 } from '@app/core/rules/phone';
import { formatLongDate } from '@app/core/time';
import { NoticeLine, useNotice } from '../../../components/admin/notice';
import { FormMessage } from '../../../components/ui/FormMessage';
import { TextField } from '../../../components/ui/TextField';
import { business } from '../../../lib/business';
import { messagesResolver } from '../../../lib/forms';
import {
  type NotificationChange,
  type NotificationSettings,
  notificationsQueryOptions,
  useChangeNotificationsMutation,
} from '../api';
import { type TextsConsentFields, validateTextsConsent } from '../validate';
import { MarketingConsent } from './MarketingConsent';
import { ActionButton } from '../../../components/ui/ActionButton';

const channelLabels: Record<Channel, string> = { mail: 'Email', text: 'Text', both: 'Both' };

/**
 * Account Settings → Text messages and notifications (issue 21): opt in to
 * texts at a US mobile number (the consent's wording is shown, and stored
 * with the time), opt out at once, and choose email, text or both for
 * reminders, "on my way" messages and review requests.
 */
export function TextMessages({ userId }: { userId: string }) {
  const settings = useQuery(notificationsQueryOptions(userId));
  const { notice, success, failure } = useNotice();
  const save = useChangeNotificationsMutation(userId, {
    onSuccess: (body) => success(successText(body)),
    onError: (error) => failure(error, 'Could not save your settings.'),
  });

  return (
    <section className="card account-form text-messages" aria-labelledby="text-messages-title">
      <h2 id="text-messages-title">Text Messages &amp; Notifications</h2>
      {settings.isPending && <p role="status">Loading your settings...</p>}
      {settings.isError && <FormMessage tone="error">Could not load your settings.</FormMessage>}
      <NoticeLine notice={notice} />
      {settings.data && (
        <>
          <TextsConsent settings={settings.data} busy={save.isPending} onSave={(body) => save.mutate(body)} />
          <Preferences settings={settings.data} busy={save.isPending} onSave={(body) => save.mutate(body)} />
          <MarketingConsent
            settings={settings.data}
            busy={save.isPending}
            onSave={(body) => save.mutate(body)}
          />
        </>
      )}
    </section>
  );
}

function successText(body: NotificationChange): string {
  if (body.texts?.optIn) return 'Text messages are on.';
  if (body.texts) return 'Text messages are off. We will not text you again.';
  if (body.marketing) return 'Your choice about due reminders is saved.';
  return 'Your notification choices are saved.';
}

type PartProps = {
  settings: NotificationSettings;
  busy: boolean;
  onSave: (body: NotificationChange) => void;
};

function TextsConsent({ settings, busy, onSave }: PartProps) {
  const texts = settings.texts;
  const form = useForm<TextsConsentFields>({
    defaultValues: { mobile: texts ? formatUsNumber(texts.mobile) : '', agreed: false },
    resolver: messagesResolver(validateTextsConsent),
    // A changed number hides the message until the next try (the focus stays where it is).
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const [mobile, agreed] = useWatch({ control: form.control, name: ['mobile', 'agreed'] });
  const agreeId = useId();
  const e164 = toUsE164(mobile);

  if (texts?.on) {
    return (
      <div className="text-messages__on">
        <p>
          We text <strong>{formatUsNumber(texts.mobile)}</strong> about your bookings (you agreed on{' '}
          {formatLongDate(texts.consentedAt)}). Reply STOP to any text, or turn them off here.
        </p>
        <ActionButton disabled={busy} onClick={() => onSave({ texts: { optIn: false } })}>
          Stop Text Messages
        </ActionButton>
      </div>
    );
  }
  return (
    <form
      className="text-messages__consent"
      aria-label="Text messages"
      noValidate
      onSubmit={form.handleSubmit((values) => {
        const number = toUsE164(values.mobile);
        if (number && values.agreed) onSave({ texts: { optIn: true, mobile: number } });
      })}
    >
      {texts?.optedOutBy === 'reply' && (
        <p className="field__hint">
          You replied STOP to our texts, so we stopped. To get texts again, opt in here and reply START to our
          number.
        </p>
      )}
      <TextField
        label="Mobile number (US)"
        type="tel"
        autoComplete="tel-national"
        inputMode="tel"
        error={form.formState.errors.mobile?.message}
        disabled={busy}
        {...form.register('mobile', { onChange: () => form.clearErrors('mobile') })}
      />
      <div className="check">
        <input id={agreeId} type="checkbox" disabled={busy} {...form.register('agreed')} />
        <label htmlFor={agreeId}>{textConsentWording(e164, business.name)}</label>
      </div>
      <button type="submit" className="button button--primary" disabled={busy || !agreed}>
        Text Me
      </button>
    </form>
  );
}

function Preferences({ settings, busy, onSave }: PartProps) {
  const form = useForm<NotificationSettings['preferences']>({ defaultValues: settings.preferences });
  const id = useId();
  return (
    <form
      className="text-messages__preferences"
      aria-label="How we tell you"
      onSubmit={form.handleSubmit((preferences) => onSave({ preferences }))}
    >
      <h3>How we tell you</h3>
      {!settings.texts?.on && (
        <p className="field__hint">Until you opt in to texts, everything comes by email.</p>
      )}
      {preferenceKinds.map((kind) => (
        <fieldset key={kind} className="text-messages__choice" disabled={busy}>
          <legend>{preferenceLabels[kind]}</legend>
          {channels.map((channel) => (
            <span key={channel} className="check">
              <input id={`${id}-${kind}-${channel}`} type="radio" value={channel} {...form.register(kind)} />
              <label htmlFor={`${id}-${kind}-${channel}`}>{channelLabels[channel]}</label>
            </span>
          ))}
        </fieldset>
      ))}
      <p className="field__hint">
        Reschedule and cancellation notices come by email, and by text too when you opt in.
      </p>
      <button type="submit" className="button button--primary" disabled={busy}>
        Save Choices
      </button>
    </form>
  );
}
