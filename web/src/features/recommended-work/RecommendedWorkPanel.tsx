import { useInfiniteQuery } from '@tanstack/react-query';
import { ConfirmAction, useConfirmation } from '../../components/admin/ConfirmAction';
import { NoticeLine, PanelButton, useNotice } from '../../components/admin/notice';
import { ListState } from '../../components/ui/ListState';
import { ShowMore } from '../../components/ui/ShowMore';
import { formatDate } from '../../lib/date';
import { formatPrice } from '../../lib/format';
import { type DeskLine, deskQueryOptions, useDeskAction } from './api';
import { recommendedTexts } from './texts';
import './recommended-work.css';

/**
 * The desk's recommended work (issue 33, decision 126): the open lines customers declined or
 * deferred, by customer name, then date, a page at a time. "Book it" sends the customer the
 * booking link for that vehicle's open work now; "Dismiss" (confirmed) takes a line off for good.
 */
export default function RecommendedWorkPanel() {
  const lines = useInfiniteQuery(deskQueryOptions());
  const listed = lines.data?.pages.flatMap((page) => page.items) ?? [];
  const notice = useNotice();
  const confirmation = useConfirmation<DeskLine>();
  const dismiss = useDeskAction('dismiss');
  const book = useDeskAction('book');
  const ref = (line: DeskLine) => ({ vehicleId: line.vehicleId, id: line._id });

  return (
    <div className="recommended-work">
      <p className="recommended-work__intro">{recommendedTexts.intro}</p>
      <NoticeLine notice={notice.notice} />
      <ListState
        query={lines}
        loading={recommendedTexts.loading}
        failed={recommendedTexts.failed}
        empty={() => listed.length === 0 && recommendedTexts.empty}
      >
        {() => (
          <ul className="recommended-work__list">
            {listed.map((line) => (
              <li key={line._id} className="recommended-work__item" data-testid="recommended-line">
                <div className="recommended-work__body">
                  <p className="recommended-work__customer">
                    {line.customerName || recommendedTexts.noName}
                    {line.vehicle && <span className="recommended-work__vehicle"> · {line.vehicle}</span>}
                  </p>
                  <p className="recommended-work__line">
                    {line.description}
                    {line.price > 0 && <span> · {formatPrice(line.price)}</span>}
                  </p>
                  <p className="recommended-work__meta">
                    {line.decision === 'deferred' ? 'Deferred' : 'Declined'} {formatDate(line.recommendedAt)}
                    {line.followedUpAt && ` · booking link sent ${formatDate(line.followedUpAt)}`}
                    {line.note && ` · ${line.note}`}
                  </p>
                </div>
                <div className="recommended-work__actions">
                  <PanelButton
                    tone="primary"
                    before={notice.clear}
                    onClick={() =>
                      book.mutate(ref(line), {
                        onSuccess: () => notice.success(recommendedTexts.booked(line.customerName)),
                        onError: (error) => notice.failure(error, recommendedTexts.bookFailed),
                      })
                    }
                    disabled={book.isPending || !!line.followedUpAt}
                    named={line.description}
                  >
                    Book it
                  </PanelButton>
                  <PanelButton
                    before={notice.clear}
                    onClick={() => confirmation.ask(line)}
                    named={line.description}
                  >
                    Dismiss
                  </PanelButton>
                </div>
              </li>
            ))}
          </ul>
        )}
      </ListState>
      <ShowMore pages={lines} label="Show more recommended work" className="recommended-work__more" />
      <ConfirmAction
        confirmation={confirmation}
        act={(line) =>
          dismiss.mutateAsync(ref(line)).then(
            () => notice.success(recommendedTexts.dismissed),
            (error: unknown) => notice.failure(error, recommendedTexts.dismissFailed),
          )
        }
        busy={dismiss.isPending}
        title="Dismiss recommended work"
        confirmLabel="Dismiss"
        busyLabel="Dismissing..."
      >
        {(line) => <p>{recommendedTexts.confirmDismiss(line.description, line.customerName)}</p>}
      </ConfirmAction>
    </div>
  );
}
