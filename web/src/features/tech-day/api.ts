import type { TechDayReply } from '@app/functions/api/tech';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { TipBody } from '../../components/tip/tip-form';
import { api, isApiStatus, path, type Reply, unwrap } from '../../lib/api';

/**
 * The technician's day on the phone (issue 22, decision 079): the day's read
 * and its last sync kept in localStorage, so the jobs stay readable without
 * signal, and the job's actions through the typed client.
 */

export type TechDay = TechDayReply;
export type TechJob = TechDayReply['jobs'][number];

/** A day as shown: the reply, when it was fetched, and whether it comes from the stored copy. */
export type SyncedDay = { day: TechDay; syncedAt: string; fromCache: boolean };

export const techDayKey = ['tech-day'] as const;

/** The stored copy's key: per account, date and technician, so a shared phone never shows another's day. */
const storageKey = (userId: string, date: string, technician: number | undefined) =>
  `tech-day:v1:${userId}:${date}:${technician ?? 'me'}`;

/** Stored copies older than this many days are dropped on each save. */
const KEEP_DAYS = 3;

function save(key: string, synced: Omit<SyncedDay, 'fromCache'>): void {
  try {
    localStorage.setItem(key, JSON.stringify(synced));
    const cutoff = Date.now() - KEEP_DAYS * 86_400_000;
    for (let i = localStorage.length - 1; i >= 0; i -= 1) {
      const other = localStorage.key(i);
      if (!other?.startsWith('tech-day:') || other === key) continue;
      const at = Date.parse(
        (JSON.parse(localStorage.getItem(other) ?? '{}') as { syncedAt?: string }).syncedAt ?? '',
      );
      if (!(at > cutoff)) localStorage.removeItem(other);
    }
  } catch {
    // A full or blocked storage only loses the offline copy.
  }
}

function load(key: string): Omit<SyncedDay, 'fromCache'> | null {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as Omit<SyncedDay, 'fromCache'>) : null;
  } catch {
    return null;
  }
}

/** Forgets every stored day (sign-out). */
export function forgetStoredDays(): void {
  try {
    for (let i = localStorage.length - 1; i >= 0; i -= 1) {
      const key = localStorage.key(i);
      if (key?.startsWith('tech-day:')) localStorage.removeItem(key);
    }
  } catch {
    // Nothing stored.
  }
}

/**
 * The day's query. It runs offline too (`networkMode: 'always'`): when the
 * network fails, the last sync stored for that day answers instead, marked
 * `fromCache`; with none stored, the error shows.
 */
export const techDayQuery = (userId: string, date: string, technician?: number) =>
  queryOptions({
    queryKey: [...techDayKey, userId, date, technician ?? null],
    networkMode: 'always',
    // Not the default in this mode: back online, the day is read again (and the actions come back).
    refetchOnReconnect: true,
    refetchInterval: 60_000,
    queryFn: async (): Promise<SyncedDay> => {
      const key = storageKey(userId, date, technician);
      try {
        const query: { date: string; technician?: string } = { date };
        if (technician !== undefined) query.technician = String(technician);
        const day = await unwrap(api.api.tech.day.$get({ query }));
        const synced = { day, syncedAt: new Date().toISOString() };
        save(key, synced);
        return { ...synced, fromCache: false };
      } catch (error) {
        const stored = isApiStatus(error, 0) ? load(key) : null;
        if (stored) return { ...stored, fromCache: true };
        throw error;
      }
    },
  });

const bookings = api.api.bookings;

/** On my way (the customer is told, with an ETA), Arrived, Started: the progress route (decision 076). */
export const progressJob = (
  bookingId: string,
  step: 'on-my-way' | 'arrived' | 'started',
  /** "On my way" outside daytime hours, after the technician said yes (decision 097). */
  confirmOutsideHours = false,
) =>
  unwrap(
    bookings[':id'].progress.$post({
      param: path({ id: bookingId }),
      json: { step, ...(confirmOutsideHours ? { confirmOutsideHours } : {}) },
    }),
  );

/** Completed: the desk's completion (PATCH status), which charges the card once, with the customer's tip if any. */
export const completeJob = (bookingId: string, tip?: TipBody) =>
  unwrap(
    bookings[':id'].status.$patch({
      param: path({ id: bookingId }),
      json: { status: 'Completed', ...(tip ? { tip } : {}) },
    }),
  );

/** The customer signs on this phone: the same acknowledgment, recorded as in person. */
export const acknowledgeInPerson = (
  workOrderId: string,
  body: {
    name: string;
    signature: string;
    version?: string;
    code?: string;
    decisions?: { lineId: string; decision: 'approved' | 'declined' | 'deferred' }[];
    termsAccepted?: boolean;
  },
) =>
  unwrap(
    api.api.workOrders[':id']['acknowledge-in-person'].$post({
      param: path({ id: workOrderId }),
      json: {
        acknowledgedBy: { name: body.name },
        signature: body.signature,
        userAgent: navigator.userAgent,
        ...(body.version ? { version: body.version } : {}),
        ...(body.code ? { code: body.code } : {}),
        ...(body.decisions ? { decisions: body.decisions, termsAccepted: body.termsAccepted } : {}),
      },
    }),
  );

/** What completing the job would charge now, and to which card, or why it is refused (issue 30: the server's money). */
export const chargePreviewQuery = (bookingId: string) =>
  queryOptions({
    queryKey: [...techDayKey, 'charge-preview', bookingId],
    staleTime: 0,
    gcTime: 0,
    queryFn: () =>
      unwrap(bookings[':id']['charge-preview'].$get({ param: path({ id: bookingId }), query: {} })),
  });

/** Sends the customer a one-time code to confirm a work order above the booked price (decision 091). */
export const sendPriceCode = (workOrderId: string) =>
  unwrap(api.api.workOrders[':id']['price-code'].$post({ param: path({ id: workOrderId }) }));

/** The keys of a job's work order on the phone: the staff's copy and the customer's read-only view below it. */
export const techWorkOrderKeys = {
  one: (workOrderId: string) => ['tech-work-order', workOrderId] as const,
  forSigning: (workOrderId: string) => [...techWorkOrderKeys.one(workOrderId), 'for-signing'] as const,
};

/** The staff's copy of a job's work order (who acknowledged it, and how). */
export const techWorkOrderQuery = (workOrderId: string) =>
  queryOptions({
    queryKey: techWorkOrderKeys.one(workOrderId),
    queryFn: () => unwrap(api.api.workOrders[':id'].$get({ param: path({ id: workOrderId }) })),
  });

/** The acknowledgment page's view of a work order, as the phone reads it for the customer. */
export type ViewForSigning = Reply<(typeof api)['api']['workOrders'][':id']['for-signing']['$get']>;

/** What the customer reads above the pad (issue 30): the acknowledgment page's own view of the work order. */
export const forSigningQueryOptions = (workOrderId: string) =>
  queryOptions({
    queryKey: techWorkOrderKeys.forSigning(workOrderId),
    queryFn: () =>
      unwrap(api.api.workOrders[':id']['for-signing'].$get({ param: path({ id: workOrderId }) })),
  });

/** After the form saved a job's work order: the day (the job's work-order state) and that work order read again. */
export function useWorkOrderSaved() {
  const queryClient = useQueryClient();
  return (workOrderId: string) => {
    void queryClient.invalidateQueries({ queryKey: techDayKey });
    void queryClient.invalidateQueries({ queryKey: techWorkOrderKeys.one(workOrderId) });
  };
}

/** Sends the customer their code (decision 091). */
export const useSendPriceCodeMutation = (workOrderId: string) =>
  useMutation({ mutationFn: () => sendPriceCode(workOrderId) });

/** The customer's signature on this phone; the work order is read again once it is recorded. */
export function useAcknowledgeInPersonMutation(workOrderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Parameters<typeof acknowledgeInPerson>[1]) => acknowledgeInPerson(workOrderId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: techWorkOrderKeys.one(workOrderId) }),
  });
}
