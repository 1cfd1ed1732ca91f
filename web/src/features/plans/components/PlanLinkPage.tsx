import { linkTexts } from '@app/core/auth/link-texts';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useNavigate } from '@tanstack/react-router';
import { NoticeLine, useNotice } from '../../../components/admin/notice';
import { MutationButton } from '../../../components/ui/ActionButton';
import { FailureMessage } from '../../../components/ui/FailureMessage';
import { FocusedHeading } from '../../../components/ui/FocusedHeading';
import { ButtonLink } from '../../../components/ui/ButtonLink';
import { LinkPage, LinkPageQuery } from '../../../components/ui/LinkPage';
import { messageOf, replyField } from '../../../lib/api';
import {
  changePlanByLink,
  type PlanChange,
  planLinkQueryOptions,
  usePlanMutation,
  useResendPlanLink,
} from '../api';
import { done, PlanCard } from './PlanCard';
import '../plans.css';

const LOAD_FAILED = 'This plan link is not valid.';

/**
 * A plan by its mails' "Manage your plan" link (issue 35, decisions 133, 134; /plan/{token}): the
 * plan, its vehicle, next visits and state, with the same skip, pause, resume and cancel as Account
 * Settings. No sign-in (the link is the key). Each change uses the link: the page goes on at the next
 * link's address (the reply's token), saying what was done. A used link shows the plan read-only, and
 * a used or expired one can have a new link mailed. A visit that needs a time is placed from Account Settings.
 */
export function PlanLinkPage({ token }: { token: string }) {
  const view = useQuery(planLinkQueryOptions(token));
  const navigate = useNavigate();
  const handedOn = useLocation({ select: (l) => l.state.planDone });
  const notice = useNotice(handedOn ? { tone: 'success', text: done[handedOn] } : null);
  const change = usePlanMutation((c: PlanChange) => changePlanByLink(token, c));
  const resend = useResendPlanLink(token);
  const mailMe = (
    <>
      <NoticeLine notice={resend.isSuccess ? { tone: 'success', text: resend.data.msg } : null} />
      <FailureMessage error={resend.error} fallback="Could not mail a new link." />
      <div className="link-page__actions">
        <MutationButton mutation={resend} tone="primary" pendingLabel="Mailing…">
          Mail me a new link
        </MutationButton>
      </div>
    </>
  );
  if (!view.isSuccess) {
    return (
      <LinkPageQuery
        query={view}
        loading="Loading your plan…"
        failedTitle="This link does not work"
        failed={(error) => messageOf(error, LOAD_FAILED)}
        failedActions={
          <>
            {replyField(view.error, 'reason') === 'expired' && mailMe}
            <ButtonLink>Return to Home</ButtonLink>
          </>
        }
      />
    );
  }
  const act = (c: PlanChange) => {
    notice.set(null);
    change.mutate(c, {
      onSuccess: (next) =>
        void navigate({
          to: '/plan/$token',
          params: { token: next.token },
          replace: true,
          state: { planDone: c.kind },
        }),
    });
  };
  const plan = view.data;
  return (
    <LinkPage>
      <FocusedHeading className="link-page__title">Your Service Plan</FocusedHeading>
      {plan.vehicle && <p>For your {plan.vehicle}.</p>}
      <NoticeLine notice={notice.notice} />
      <FailureMessage error={change.error} fallback="Could not change the plan." />
      {plan.used && (
        <>
          <p className="status-text" role="status">
            {linkTexts.plan.used}
          </p>
          {mailMe}
        </>
      )}
      <ul className="service-addresses__list plans" aria-label="Your plan">
        <PlanCard e={{ ...plan, waiting: [] }} act={plan.used ? undefined : act} busy={change.isPending} />
      </ul>
      {plan.waiting.length > 0 && (
        <p className="field__hint">
          Some visits need a time: choose one in <Link to="/dashboard">Account Settings</Link>.
        </p>
      )}
    </LinkPage>
  );
}
