import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { NoticeLine, useNotice } from '../../../components/admin/notice';
import { FailureMessage } from '../../../components/ui/FailureMessage';
import { FocusedHeading } from '../../../components/ui/FocusedHeading';
import { ButtonLink } from '../../../components/ui/ButtonLink';
import { LinkPage, LinkPageQuery } from '../../../components/ui/LinkPage';
import { messageOf } from '../../../lib/api';
import { changePlanByLink, type PlanChange, planLinkQueryOptions, usePlanMutation } from '../api';
import { done, PlanCard } from './PlanCard';
import '../plans.css';

const LOAD_FAILED = 'This plan link is not valid.';

/**
 * A plan by its mails' "Manage your plan" link (issue 35, decision 133; /plan/{token}): the plan,
 * its vehicle, next visits and state, with the same skip, pause, resume and cancel as Account
 * Settings. No sign-in (the link is the key); a visit that needs a time is placed from Account Settings.
 */
export function PlanLinkPage({ token }: { token: string }) {
  const view = useQuery(planLinkQueryOptions(token));
  const notice = useNotice();
  const change = usePlanMutation((c: PlanChange) => changePlanByLink(token, c));
  if (!view.isSuccess) {
    return (
      <LinkPageQuery
        query={view}
        loading="Loading your plan…"
        failedTitle="This link does not work"
        failed={(error) => messageOf(error, LOAD_FAILED)}
        failedActions={<ButtonLink>Return to Home</ButtonLink>}
      />
    );
  }
  const act = (c: PlanChange) => {
    notice.set(null);
    change.mutate(c, { onSuccess: () => notice.success(done[c.kind]) });
  };
  const plan = view.data;
  return (
    <LinkPage>
      <FocusedHeading className="link-page__title">Your Service Plan</FocusedHeading>
      {plan.vehicle && <p>For your {plan.vehicle}.</p>}
      <NoticeLine notice={notice.notice} />
      <FailureMessage error={change.error} fallback="Could not change the plan." />
      <ul className="service-addresses__list plans" aria-label="Your plan">
        <PlanCard e={{ ...plan, waiting: [] }} act={act} busy={change.isPending} />
      </ul>
      {plan.waiting.length > 0 && (
        <p className="field__hint">
          Some visits need a time: choose one in <Link to="/dashboard">Account Settings</Link>.
        </p>
      )}
    </LinkPage>
  );
}
