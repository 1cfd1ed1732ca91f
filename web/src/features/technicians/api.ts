import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { dispatchKeys } from '../../lib/dispatch';
import { api, path, type Reply, unwrap } from '../../lib/api';

/**
 * The admin's technicians (issue 22, decision 078): the crew, invitations,
 * working time and deactivation. One key factory; a change refreshes the
 * list and the dispatch views that name technicians.
 */
export const technicianKeys = {
  all: ['admin', 'technicians'] as const,
  list: () => [...technicianKeys.all, 'list'] as const,
};

export type TechnicianReply = Reply<typeof api.api.admin.technicians.$get>[number];
export type InviteBody = Parameters<typeof api.api.admin.technicians.$post>[0]['json'];
export type EditBody = Parameters<(typeof api.api.admin.technicians)[':number']['$patch']>[0]['json'];
export type DeactivateReply = Reply<(typeof api.api.admin.technicians)[':number']['deactivate']['$post']>;

export const techniciansQueryOptions = () =>
  queryOptions({
    queryKey: technicianKeys.list(),
    queryFn: () => unwrap(api.api.admin.technicians.$get()),
  });

export const inviteTechnician = (json: InviteBody) => unwrap(api.api.admin.technicians.$post({ json }));

export const editTechnician = (number: number, json: EditBody) =>
  unwrap(api.api.admin.technicians[':number'].$patch({ param: path({ number: String(number) }), json }));

export const deactivateTechnician = (number: number) =>
  unwrap(api.api.admin.technicians[':number'].deactivate.$post({ param: path({ number: String(number) }) }));

export const activateTechnician = (number: number) =>
  unwrap(api.api.admin.technicians[':number'].activate.$post({ param: path({ number: String(number) }) }));

/** "Mon–Fri" style summary: the working days' first three letters, in week order. */
export const daysSummary = (days: readonly string[]): string =>
  days.length === 7 ? 'Every day' : days.map((d) => d.slice(0, 3)).join(', ') || 'No days';

/** "07:00–19:00"; the whole day reads as such. */
export const hoursSummary = (t: Pick<TechnicianReply, 'dayStart' | 'dayEnd'>): string =>
  t.dayStart === '00:00' && t.dayEnd === '24:00' ? 'All day' : `${t.dayStart}–${t.dayEnd}`;

/** After a change to the crew: the list, and the dispatch views that name technicians. */
function useRefreshCrew() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: technicianKeys.all });
    void client.invalidateQueries({ queryKey: dispatchKeys.all });
  };
}

export function useInviteTechnicianMutation(onSuccess: () => void) {
  const refresh = useRefreshCrew();
  return useMutation({
    mutationFn: inviteTechnician,
    onSuccess: () => {
      onSuccess();
      refresh();
    },
  });
}

export function useEditTechnicianMutation(number: number, onSuccess: () => void) {
  const refresh = useRefreshCrew();
  return useMutation({
    mutationFn: (json: EditBody) => editTechnician(number, json),
    onSuccess: () => {
      onSuccess();
      refresh();
    },
  });
}

/** Deactivates (replying with the jobs still to give away) or activates (null) a technician. */
export function useToggleTechnicianMutation(technician: { number: number; active: boolean }) {
  const refresh = useRefreshCrew();
  return useMutation({
    mutationFn: async (): Promise<DeactivateReply | null> =>
      technician.active
        ? deactivateTechnician(technician.number)
        : activateTechnician(technician.number).then(() => null),
    onSuccess: refresh,
  });
}
