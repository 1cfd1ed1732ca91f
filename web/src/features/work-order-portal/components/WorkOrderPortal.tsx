import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { ContactDetails } from '../../../components/ui/ContactDetails';
import { FormMessage } from '../../../components/ui/FormMessage';
import { TextField } from '../../../components/ui/TextField';
import { downloadFile } from '../../../lib/download';
import { InspectionSummary } from '../../../components/inspection/InspectionSummary';
import {
  noInspection,
  portalError,
  portalMessages,
  portalPhotoUrl,
  requestPortalInspection,
  requestPortalPdf,
} from '../portal';
import '../portal.css';

/**
 * The work order portal (doc 2 §2, §4, §5, §8): anyone with a work order's
 * number and its customer's email downloads the PDF. States: idle,
 * downloading, success or error.
 */
export function WorkOrderPortal() {
  const helpId = useId();
  const [number, setNumber] = useState('');
  const [email, setEmail] = useState('');
  const [missing, setMissing] = useState(false);
  const download = useMutation({
    mutationFn: ({ number, email }: { number: string; email: string }) =>
      downloadFile(requestPortalPdf(number, email), `WorkOrder-${number.trim()}.pdf`),
  });

  const inspection = useMutation({
    mutationFn: ({ number, email }: { number: string; email: string }) =>
      requestPortalInspection(number, email).then((view) => ({ ...view, number, email })),
  });

  /** Both fields filled, or the spec's message; the other action's result is cleared. */
  const ready = () => {
    download.reset();
    inspection.reset();
    setMissing(!number.trim() || !email.trim());
    return number.trim() !== '' && email.trim() !== '';
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (ready()) download.mutate({ number, email });
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
          onSubmit={submit}
        >
          <h2 id={`${helpId}-title`}>Download your work order</h2>
          <TextField
            label="Work order number"
            name="workOrderNumber"
            placeholder="WO-2026-0001"
            autoComplete="off"
            value={number}
            onChange={(event) => setNumber(event.target.value)}
          />
          <TextField
            label="Email address"
            name="email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
          {missing && <FormMessage tone="error">{portalMessages.bothRequired}</FormMessage>}
          {download.isError && <FormMessage tone="error">{portalError(download.error)}</FormMessage>}
          {download.isSuccess && <FormMessage tone="success">{portalMessages.downloaded}</FormMessage>}
          {inspection.isError && <FormMessage tone="error">{portalError(inspection.error)}</FormMessage>}
          <button
            type="submit"
            className="button button--primary button--block"
            disabled={download.isPending}
          >
            {download.isPending ? 'Downloading...' : 'Download Work Order'}
          </button>
          <button
            type="button"
            className="button button--secondary button--block"
            disabled={inspection.isPending}
            onClick={() => ready() && inspection.mutate({ number, email })}
          >
            {inspection.isPending ? 'Loading...' : 'View Inspection'}
          </button>
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
    </div>
  );
}
