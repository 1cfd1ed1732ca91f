import { useMutation, useQuery } from '@tanstack/react-query';
import { TipChoice } from '../../../components/tip/TipChoice';
import { FailureMessage } from '../../../components/ui/FailureMessage';
import { FocusedHeading } from '../../../components/ui/FocusedHeading';
import { ButtonLink } from '../../../components/ui/ButtonLink';
import { LinkPage, LinkPageQuery } from '../../../components/ui/LinkPage';
import { messageOf } from '../../../lib/api';
import { tipByLink, tipLinkQueryOptions } from '../api';

const LOAD_FAILED = 'This tip link is not valid.';

/**
 * The tip after the job (issue 35, /tip/{token}), from the receipt's link: the visit, then 15, 20
 * or 25% or an amount, charged once to the card on file. No sign-in (the link is the key).
 */
export function TipPage({ token }: { token: string }) {
  const view = useQuery(tipLinkQueryOptions(token));
  const send = useMutation({ mutationFn: (tip: Parameters<typeof tipByLink>[1]) => tipByLink(token, tip) });
  if (!view.isSuccess) {
    return (
      <LinkPageQuery
        query={view}
        width="narrow"
        loading="Loading your visit…"
        failedTitle="This link does not work"
        failed={(error) => messageOf(error, LOAD_FAILED)}
        failedActions={<ButtonLink>Return to Home</ButtonLink>}
      />
    );
  }
  if (send.isSuccess) {
    return (
      <LinkPage width="narrow">
        <FocusedHeading className="link-page__title">Tip added</FocusedHeading>
        <p role="status">{send.data.msg}</p>
        <ButtonLink>Return to Home</ButtonLink>
      </LinkPage>
    );
  }
  const { serviceName, tip } = view.data;
  return (
    <LinkPage width="narrow">
      <FocusedHeading className="link-page__title">Add a tip</FocusedHeading>
      <p>{serviceName}: your technician will receive all of it. It is charged to your card on file, once.</p>
      <TipChoice
        offer={tip}
        busy={send.isPending}
        disabled={false}
        noTip={false}
        legend="Your tip"
        submitLabel="Add my tip"
        busyLabel="Adding..."
        onComplete={(chosen) => chosen && send.mutate(chosen)}
      />
      {send.isError && (
        <FailureMessage error={send.error} fallback="The tip did not go through. Please try again." />
      )}
    </LinkPage>
  );
}
