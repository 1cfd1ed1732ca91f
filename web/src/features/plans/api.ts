import { queryOptions, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { InferRequestType } from 'hono/client';
import { api, path, type Reply, unwrap } from '../../lib/api';

/** Service plans' calls (issue 35): the offered plans, a plan's next visits, the customer's enrolments, the admin's plans. */

export type PlanRow = Reply<typeof api.api.plans.$get>[number];
export type EnrolmentRow = Reply<typeof api.api.plans.enrolments.$get>[number];

/** The admin's plan on the wire (the price in dollars). */
export type PlanForm = InferRequestType<typeof api.api.admin.plans.$post>['json'];

export const planKeys = {
  all: ['plans'] as const,
  offered: () => [...planKeys.all, 'offered'] as const,
  admin: () => [...planKeys.all, 'admin'] as const,
  visits: (planId: string, from: string) => [...planKeys.all, 'visits', planId, from] as const,
  mine: (userId: string) => [...planKeys.all, 'mine', userId] as const,
};

export const offeredPlansQueryOptions = () =>
  queryOptions({ queryKey: planKeys.offered(), queryFn: () => unwrap(api.api.plans.$get()) });

export const adminPlansQueryOptions = () =>
  queryOptions({ queryKey: planKeys.admin(), queryFn: () => unwrap(api.api.admin.plans.$get()) });

export const planVisitsQueryOptions = (planId: string, from: string) =>
  queryOptions({
    queryKey: planKeys.visits(planId, from),
    queryFn: () => unwrap(api.api.plans[':id'].visits.$get({ param: path({ id: planId }), query: { from } })),
    enabled: planId !== '' && from !== '',
  });

export const myEnrolmentsQueryOptions = (userId: string) =>
  queryOptions({ queryKey: planKeys.mine(userId), queryFn: () => unwrap(api.api.plans.enrolments.$get()) });

export const savePlan = ({ id, form }: { id?: string; form: PlanForm }) =>
  id
    ? unwrap(api.api.admin.plans[':id'].$put({ param: path({ id }), json: form }))
    : unwrap(api.api.admin.plans.$post({ json: form }));

export type EnrolBody = {
  planId: string;
  vehicleId: string;
  addressId: string;
  firstDate: string;
  time: string;
  agree: true;
};

export const enrol = (json: EnrolBody) => unwrap(api.api.plans.enrolments.$post({ json }));

const enrolments = api.api.plans.enrolments[':id'];
export type PlanChange =
  | { kind: 'pause' | 'resume' | 'cancel'; id: string }
  | { kind: 'skip'; id: string; date: string }
  | { kind: 'place'; id: string; date: string; at: { date: string; time: string } };

export function changePlan(change: PlanChange): Promise<EnrolmentRow> {
  const param = path({ id: change.id });
  switch (change.kind) {
    case 'skip':
      return unwrap(enrolments.skip.$post({ param, json: { date: change.date } }));
    case 'place':
      return unwrap(enrolments.visits.$post({ param, json: { date: change.date, at: change.at } }));
    default:
      return unwrap(enrolments[change.kind].$post({ param }));
  }
}

const refresh = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: planKeys.all });

/** A change of one of the customer's plans (or a new one), refreshing every plan view. */
export function usePlanMutation<A, R>(call: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => refresh(queryClient) });
}

/**
 * A plan by its mails' "Manage your plan" link (decisions 133, 134): its page, the four actions by the
 * token (each uses it and replies with the next link's token), and a new link by mail.
 */
const byLink = api.api.plans.link[':token'];
export type PlanLinkRow = Reply<typeof byLink.$get>;
export type ByLinkRow = Reply<typeof byLink.pause.$post>;

export const planLinkQueryOptions = (token: string) =>
  queryOptions({
    queryKey: [...planKeys.all, 'link', token],
    queryFn: () => unwrap(byLink.$get({ param: path({ token }) })),
    retry: false,
  });

export function changePlanByLink(token: string, change: PlanChange): Promise<ByLinkRow> {
  const param = path({ token });
  switch (change.kind) {
    case 'skip':
      return unwrap(byLink.skip.$post({ param, json: { date: change.date } }));
    case 'place':
      throw new RangeError('A visit is placed from Account Settings.');
    default:
      return unwrap(byLink[change.kind].$post({ param }));
  }
}

/** "Mail me a new link" (a used or expired link): mailed to the plan's customer's own address. */
export const useResendPlanLink = (token: string) =>
  useMutation({ mutationFn: () => unwrap(byLink.resend.$post({ param: path({ token }) })) });
