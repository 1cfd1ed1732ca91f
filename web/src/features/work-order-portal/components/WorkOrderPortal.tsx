import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { ContactDetails } from '../../../components/ui/ContactDetails';
import { FormMessage } from '../../../components/ui/FormMessage';
import { TextField } from '../../../components/ui/TextField';
import { downloadFile } from '../../../lib/download';
import { messagesResolver } from '../../../lib/forms';
import { InspectionSummary } from '../../../components/inspection/InspectionSummary';
import {
  noInspection,
  portalError,
  portalMessages,
  portalPhotoUrl,
  requestPortalEstimate,
  requestPortalInspection,
  requestPortalPdf,
} from '../portal';
import { PortalEstimate, type SignaturePadComponent } from './PortalEstimate';
import { type PortalFields, validatePortal } from '../validate';
import '../portal.css';
import { SubmitButton } from '../../../components/ui/SubmitButton';

/**
 * The work order portal (doc 2 §2, §4, §5, §8): anyone with a work order's
 * number and its customer's email downloads the PDF. States: idle,
 * downloading, success or error. They may also view the inspection, and the
 * estimate, which they answer with a code mailed to them (decision 127).
 */
export function WorkOrderPortal({ SignaturePad }: { SignaturePad: SignaturePadComponent }) {
  const helpId = useId();
  const form = useForm<PortalFields>({
    defaultValues: { workOrderNumber: '', email: '' },
    resolver: messagesResolver(validatePortal),
    // One message for the form, until the next press; the focus stays on the button.
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const missing = form.formState.errors.workOrderNumber?.message;
  const download = useMutation({
    mutationFn: ({ number, email }: { number: string; email: string }) =>
      downloadFile(requestPortalPdf(number, email), `WorkOrder-${number.trim()}.pdf`),
  });

  const inspection = useMutation({
    mutationFn: ({ number, email }: { number: string; email: string }) =>
      requestPortalInspection(number, email).then((view) => ({ ...view, number, email })),
  });

  const estimate = useMutation({
    mutationFn: ({ number, email }: { number: string; email: string }) =>
      requestPortalEstimate(number, email).then((view) => ({ view, number, email })),
  });

  /** Both fields filled, or the spec's message; the other actions' results are cleared. */
  const whenReady = (act: (values: { number: string; email: string }) => void) => () => {
    download.reset();
    inspection.reset();
    estimate.reset();
    void form.handleSubmit(({ workOrderNumber, email }) => act({ number: workOrderNumber, email }))();
  };

  return (
    <div className="page container portal">
      <header className="section-header">
        <h1>Work Order Portal</h1>
        <p>Download a copy of your work order: enter its number and the email address it was written for.</p>
      </header>
      <div className="portal__layout">
        <form
          className="card portal__form"
          aria-labelledby={`${helpId}-title`}
          method="post"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            whenReady((values) => download.mutate(values))();
          }}
        >
          <h2 id={`${helpId}-title`}>Download your work order</h2>
          <TextField
            label="Work order number"
            placeholder="WO-2026-0001"
            autoComplete="off"
            {...form.register('workOrderNumber')}
          />
          <TextField label="Email address" type="email" autoComplete="email" {...form.register('email')} />
          {missing && <FormMessage tone="error">{missing}</FormMessage>}
          {download.isError && <FormMessage tone="error">{portalError(download.error)}</FormMessage>}
          {download.isSuccess && <FormMessage tone="success">{portalMessages.downloaded}</FormMessage>}
          {inspection.isError && <FormMessage tone="error">{portalError(inspection.error)}</FormMessage>}
          {estimate.isError && <FormMessage tone="error">{portalError(estimate.error)}</FormMessage>}
          <SubmitButton block busy={download.isPending} busyLabel="Downloading...">
            Download Work Order
          </SubmitButton>
          {(
            [
              [inspection, 'View Inspection'],
              [estimate, 'View and Answer Estimate'],
            ] as const
          ).map(([view, label]) => (
            <button
              key={label}
              type="button"
              className="button button--secondary button--block"
              disabled={view.isPending}
              onClick={whenReady((values) => view.mutate(values))}
            >
              {view.isPending ? 'Loading...' : label}
            </button>
          ))}
        </form>
        <aside className="card portal__help" aria-labelledby={`${helpId}-help`}>
          <h2 id={`${helpId}-help`}>Need help?</h2>
          <p>
            The number is at the top of the work order we emailed you. If you cannot find it, or the download
            does not work, contact us:
          </p>
          <ContactDetails className="portal__contact" />
        </aside>
      </div>
      {inspection.data && (
        <div className="portal__inspection" aria-live="polite">
          {inspection.data.inspection || inspection.data.photos.length > 0 ? (
            <InspectionSummary
              inspection={inspection.data.inspection}
              photos={inspection.data.photos}
              photoSrc={(photoId, size) =>
                portalPhotoUrl(inspection.data.number, inspection.data.email, photoId, size)
              }
            />
          ) : (
            <p className="status-text">{noInspection}</p>
          )}
        </div>
      )}
      {estimate.data && (
        <div className="portal__inspection" aria-live="polite">
          <PortalEstimate key={estimate.data.view.version} {...estimate.data} SignaturePad={SignaturePad} />
        </div>
      )}
    </div>
  );
}
