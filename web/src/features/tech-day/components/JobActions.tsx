import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { AskOutsideHours, asksToConfirm } from '../../../components/ui/AskOutsideHours';
import { FormMessage } from '../../../components/ui/FormMessage';
import { messageOf } from '../../../lib/api';
import type { TipBody } from '../../../components/tip/tip-form';
import { chargePreviewQuery, completeJob, progressJob, techDayKey, type TechJob } from '../api';
import { TipChoice } from '../../../components/tip/TipChoice';
import { completionHint, isOpenJob, nextStep, type Step, stepOffered, steps, techMessages } from '../display';
import { ActionButton } from '../../../components/ui/ActionButton';

export type JobActionsProps = {
  job: TechJob;
  /** Off while offline or showing a stored copy: actions are never queued (decision 079). */
  enabled: boolean;
  onWorkOrder: (job: TechJob) => void;
};

type Action = Step | 'completed';

/**
 * The job's actions: On my way, Arrived, Started (the progress route), Completed
 * (the desk's completion, after a confirmation) and Work order. Each waits for
 * the server's answer; the day is read again after it. Before the job has
 * started the next step is the primary action; Completed is offered only as
 * the server's completion rule allows (issue 30), and its confirmation names
 * the amount and the card, as the server computes them.
 */
export function JobActions({ job, enabled, onWorkOrder }: JobActionsProps) {
  const queryClient = useQueryClient();
  const hintId = useId();
  const [confirming, setConfirming] = useState(false);
  const preview = useQuery({ ...chargePreviewQuery(job._id), enabled: confirming });
  // The customer's tip rides with the completion (issue 35): chosen in TipChoice, sent once.
  const tip = useRef<TipBody | undefined>(undefined);
  const act = useMutation({
    mutationFn: (action: Action | 'on-my-way-confirmed') =>
      action === 'completed'
        ? completeJob(job._id, tip.current)
        : action === 'on-my-way-confirmed'
          ? progressJob(job._id, 'on-my-way', true)
          : progressJob(job._id, action),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: techDayKey }),
    onSettled: () => setConfirming(false),
  });
  const busy = act.isPending;
  const open = isOpenJob(job);
  const next = nextStep(job);
  const hint = completionHint(job);
  const refusal = preview.data?.refusal ?? null;
  return (
    <div className="tech-job__actions">
      {steps.map(({ step, label }) => (
        <button
          key={step}
          type="button"
          className={`button ${step === next ? 'button--primary' : 'button--secondary'}`}
          disabled={!enabled || busy || !stepOffered(job, step)}
          onClick={() => act.mutate(step)}
        >
          {busy && act.variables === step ? 'Sending...' : label}
        </button>
      ))}
      {confirming ? (
        <span className="tech-job__confirm" role="group" aria-label="Confirm completion">
          <span className="tech-job__charge" role="status">
            {preview.isPending
              ? techMessages.previewLoading
              : preview.isError
                ? messageOf(preview.error, 'What this charges could not be checked. Please try again.')
                : (refusal ?? preview.data.msg)}
          </span>
          {preview.isSuccess && !refusal && (
            <TipChoice
              offer={preview.data.tip}
              busy={busy}
              disabled={!enabled}
              onComplete={(chosen) => {
                tip.current = chosen;
                act.mutate('completed');
              }}
            />
          )}
          <ActionButton disabled={busy} onClick={() => setConfirming(false)}>
            Not yet
          </ActionButton>
        </span>
      ) : (
        <button
          type="button"
          className={`button ${next === null ? 'button--primary' : 'button--secondary'}`}
          disabled={!enabled || busy || !open || hint !== null}
          aria-describedby={hint ? hintId : undefined}
          onClick={() => setConfirming(true)}
        >
          Completed
        </button>
      )}
      {hint && open && (
        <p id={hintId} className="tech-job__hint">
          {hint}
        </p>
      )}
      <ActionButton disabled={!enabled} onClick={() => onWorkOrder(job)}>
        Work order
      </ActionButton>
      {act.isError &&
        (asksToConfirm(act.error) ? (
          <AskOutsideHours
            error={act.error}
            busy={busy}
            onSend={() => act.mutate('on-my-way-confirmed')}
            onCancel={() => act.reset()}
          />
        ) : (
          <FormMessage tone="error">
            {messageOf(act.error, 'That did not go through. Please try again.')}
          </FormMessage>
        ))}
    </div>
  );
}
