import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { ConfirmAction, useConfirmation } from '../../../components/admin/ConfirmAction';
import { NoticeLine, PanelButton, useNotice } from '../../../components/admin/notice';
import { FormMessage } from '../../../components/ui/FormMessage';
import { messageOf } from '../../../lib/api';
import { calendarAddressQuery, useNewAddressMutation } from '../api';
import { calendarFeedTexts as texts } from '../texts';
import { CopyField } from './CopyField';
import '../calendar-feed.css';

/**
 * The Calendar card (issue 36, decision 118): a technician's jobs (the admin's: every
 * technician's) as a subscription their phone's calendar app keeps up to date. The address can be
 * opened (webcal://), copied, or replaced by a new one, which stops the old at once.
 */
export function CalendarFeedCard({ userId, admin }: { userId: string; admin: boolean }) {
  const titleId = useId();
  const read = useQuery(calendarAddressQuery(userId));
  const renew = useNewAddressMutation(userId);
  const notice = useNotice();
  const confirmation = useConfirmation<true>();
  const address = read.data?.address ?? null;

  const make = () =>
    renew.mutateAsync().then(
      () => notice.success(address ? texts.replaced : texts.made),
      (error: unknown) => notice.failure(error, texts.failed),
    );

  const copy = (value: string, label: string) => {
    notice.clear();
    if (!navigator.clipboard) {
      notice.warning(texts.copyByHand);
      return;
    }
    navigator.clipboard.writeText(value).then(
      () => notice.success(texts.copied(label)),
      () => notice.warning(texts.copyByHand),
    );
  };

  return (
    <section className="calendar-feed" aria-labelledby={titleId}>
      <h2 id={titleId} className="calendar-feed__title">
        Calendar
      </h2>
      {read.data && <p>{texts.what(admin, read.data.days)}</p>}
      {read.isPending && <p className="status-text">{texts.loading}</p>}
      {read.isError && <FormMessage tone="error">{messageOf(read.error, texts.failedRead)}</FormMessage>}
      {read.data && !address && (
        <button
          type="button"
          className="button button--primary"
          disabled={renew.isPending}
          onClick={() => void make()}
        >
          {renew.isPending ? texts.making : texts.make}
        </button>
      )}
      {address && (
        <>
          <a className="button button--primary calendar-feed__subscribe" href={address.webcal}>
            {texts.subscribe}
          </a>
          <CopyField label={texts.webcalLabel} value={address.webcal} onCopy={copy} />
          <CopyField label={texts.httpsLabel} value={address.https} onCopy={copy} />
          <p className="calendar-feed__hint">{texts.private}</p>
          <PanelButton before={notice.clear} onClick={() => confirmation.ask(true)}>
            {texts.newAddress}
          </PanelButton>
        </>
      )}
      <div aria-live="polite">
        <NoticeLine notice={notice.notice} />
      </div>
      <ConfirmAction
        confirmation={confirmation}
        act={make}
        busy={renew.isPending}
        title={texts.confirmTitle}
        confirmLabel={texts.newAddress}
        busyLabel={texts.making}
      >
        {() => <p>{texts.confirmText}</p>}
      </ConfirmAction>
    </section>
  );
}
