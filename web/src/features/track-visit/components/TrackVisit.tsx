import { useQuery } from '@tanstack/react-query';
import { ButtonLink } from '../../../components/ui/ButtonLink';
import { LinkPage, LinkPageQuery } from '../../../components/ui/LinkPage';
import { business } from '../../../lib/business';
import { trackingQueryOptions } from '../api';
import { appointmentOf, detailOf, headlineOf, stepsOf } from '../display';
import '../track.css';

const LOAD_FAILED = 'This tracking link is not valid.';

/**
 * The customer's tracking page of one visit (issue 21, /track/{token}): the
 * state, the ETA while on the way, and the steps with their times. It asks
 * again every 20 s and when the page comes back into view, until the visit
 * is done. No sign-in (the link is the key), and no location from anyone's phone.
 */
export function TrackVisit({ token }: { token: string }) {
  const tracking = useQuery(trackingQueryOptions(token));

  if (!tracking.isSuccess) {
    return (
      <LinkPageQuery
        query={tracking}
        width="narrow"
        loading="Loading your visit…"
        failedTitle="This link does not work"
        failed={LOAD_FAILED}
        failedActions={
          <>
            <Support />
            <ButtonLink>Return to Home</ButtonLink>
          </>
        }
      />
    );
  }

  const view = tracking.data;
  return (
    <LinkPage width="narrow">
      <p className="track-page__service">
        {view.serviceName} · {appointmentOf(view)}
      </p>
      <div role="status" aria-live="polite">
        <h1 className="track-page__headline">{headlineOf(view)}</h1>
        <p className="track-page__detail">{detailOf(view)}</p>
      </div>
      {view.state !== 'cancelled' && (
        <ol className="track-page__steps" aria-label="The visit's steps">
          {stepsOf(view).map((step) => (
            <li
              key={step.label}
              className={`track-step${step.done ? ' track-step--done' : ''}`}
              aria-current={step.current ? 'step' : undefined}
            >
              <span className="track-step__label">{step.label}</span>
              {step.at && <span className="track-step__at">{step.at}</span>}
            </li>
          ))}
        </ol>
      )}
      <p className="track-page__note">This page updates by itself. It works until the end of the day.</p>
      <Support />
    </LinkPage>
  );
}

function Support() {
  return (
    <p className="link-page__support">
      Need to reach us? Call <a href={business.phoneHref}>{business.phone}</a>.
    </p>
  );
}
