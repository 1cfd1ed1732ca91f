import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { Notice } from '../../../components/admin/notice';
import { messageOf, replyField } from '../../../lib/api';
import {
  createWorkOrder,
  emailWorkOrder,
  fetchWorkOrder,
  generateAcknowledgment,
  updateWorkOrder,
  workOrdersKey,
} from '../api';
import { alreadyAcknowledgedText, workOrderMessages } from '../display';
import { toInput, valuesOf, type WorkOrderFormValues } from '../form';
import type { WorkOrderJson } from '../types';

/** What the form's buttons do: save, email the work order, or send its acknowledgment link. */
export type Action = 'save' | 'email' | 'link';

/**
 * The work-order form's actions. Email and Acknowledgment save first when
 * the work order is new or changed; the notice says how the action went, and
 * `saved` is the work order as last saved (a new one becomes an edit once an
 * action saved it).
 */
export function useWorkOrderActions({
  form,
  savedAtStart,
  onSaved,
}: {
  form: UseFormReturn<WorkOrderFormValues>;
  savedAtStart: WorkOrderJson | null;
  onSaved: (order: WorkOrderJson, text: string) => void;
}) {
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState(savedAtStart);
  const [notice, setNotice] = useState<Notice | null>(null);
  const { formState } = form;
  const run = useMutation({
    mutationFn: async ({ action, values }: { action: Action; values: WorkOrderFormValues }) => {
      let current = saved;
      if (!current || action === 'save' || formState.isDirty) {
        try {
          current = current
            ? await updateWorkOrder(current._id, toInput(values))
            : await createWorkOrder(toInput(values));
        } catch (error) {
          throw new StepError('save', error);
        }
        setSaved(current);
        form.reset(valuesOf(current));
      }
      try {
        if (action === 'email') return { current: (await emailWorkOrder(current._id)).workOrder, action };
        if (action === 'link') {
          const reply = await generateAcknowledgment(current._id);
          return { current: await fetchWorkOrder(current._id), action, expires: reply.tokenExpiresAt };
        }
      } catch (error) {
        throw new StepError(action, error);
      }
      return { current, action };
    },
    onMutate: () => setNotice(null),
    onSuccess: ({ current, action }) => {
      void queryClient.invalidateQueries({ queryKey: workOrdersKey });
      setSaved(current);
      if (action === 'save') {
        return onSaved(
          current,
          savedAtStart
            ? `Work order ${current.workOrderNumber} updated.`
            : `Work order ${current.workOrderNumber} created.`,
        );
      }
      setNotice({
        tone: 'success',
        text:
          action === 'email'
            ? `Work order ${current.workOrderNumber} emailed to ${current.customer.email}.`
            : `Acknowledgment link for ${current.workOrderNumber} sent to ${current.customer.email}.`,
      });
    },
    onError: (error) => {
      const step = error instanceof StepError ? error.step : 'save';
      const cause = error instanceof StepError ? error.cause : error;
      if (step === 'save')
        return setNotice({ tone: 'error', text: messageOf(cause, workOrderMessages.save) });
      if (step === 'email')
        return setNotice({ tone: 'error', text: messageOf(cause, workOrderMessages.send) });
      const message = cause instanceof Error ? messageOf(cause, '') : '';
      if (message.includes('already been acknowledged')) {
        void queryClient.invalidateQueries({ queryKey: workOrdersKey });
        return setNotice({
          tone: 'error',
          text: alreadyAcknowledgedText(replyField(cause, 'acknowledgmentDate'), message),
        });
      }
      setNotice({ tone: 'error', text: messageOf(cause, workOrderMessages.link) });
    },
  });
  return { saved, notice, run };
}

/** Which step of an action failed: the save before it, or the action itself. */
class StepError extends Error {
  constructor(
    readonly step: Action,
    override readonly cause: unknown,
  ) {
    super(step);
  }
}
