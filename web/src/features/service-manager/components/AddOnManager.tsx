import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  ConfirmDelete,
  DeleteButton,
  useConfirmation,
  useDeleteMutation,
} from '../../../components/admin/ConfirmAction';
import { NoticeLine, PanelButton, useNotice } from '../../../components/admin/notice';
import { ListState } from '../../../components/ui/ListState';
import { messageOf } from '../../../lib/api';
import { formatDuration, formatPrice } from '../../../lib/format';
import { refreshAfterServiceChange } from '../../../lib/shared-queries';
import { addOnKeys, addOnsQueryOptions, type AddOnRow, deleteAddOn } from '../api';
import { AddOnEditor } from './AddOnEditor';

/**
 * The shop's add-ons (issue 34, decision 122): pet hair, engine bay ...,
 * each with its price and minutes; a service offers those ticked in its form.
 * A small list (at most 30): add, edit, delete after a confirmation.
 */
export function AddOnManager() {
  const queryClient = useQueryClient();
  const list = useQuery(addOnsQueryOptions());
  const notice = useNotice();
  const [editing, setEditing] = useState<string | null>(null);
  const confirmation = useConfirmation<AddOnRow>();
  // The services show their add-ons too: both are asked for again.
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: addOnKeys.all }),
      refreshAfterServiceChange(queryClient),
    ]);
  const remove = useDeleteMutation({
    del: deleteAddOn,
    notice,
    refresh,
    deleted: 'Add-on deleted.',
    failed: 'Could not delete add-on.',
  });
  const done = async (message: string | null) => {
    setEditing(null);
    if (message) notice.success(message);
    await refresh();
  };

  return (
    <section className="service-manager__add-ons" aria-labelledby="add-ons-heading">
      <h3 id="add-ons-heading">Add-ons</h3>
      <NoticeLine notice={notice.notice} />
      <ListState
        query={list}
        loading="Loading add-ons..."
        failed={messageOf(list.error, 'Could not fetch add-ons.')}
        empty={(data) => data.length === 0 && 'No add-ons yet.'}
      >
        {(data) => (
          <ul className="service-manager__add-on-list">
            {data.map((a) =>
              editing === a._id ? (
                <li key={a._id}>
                  <AddOnEditor addOn={a} onDone={done} />
                </li>
              ) : (
                <li key={a._id} className="service-manager__add-on">
                  <span>
                    <strong>{a.name}</strong> +{formatPrice(a.price)}, +{formatDuration(a.duration)}
                  </span>
                  <span className="service-manager__actions">
                    <PanelButton before={notice.clear} onClick={() => setEditing(a._id)} named={a.name}>
                      Edit
                    </PanelButton>
                    <DeleteButton confirmation={confirmation} target={a} before={notice.clear}>
                      {a.name}
                    </DeleteButton>
                  </span>
                </li>
              ),
            )}
          </ul>
        )}
      </ListState>
      <AddOnEditor addOn={null} onDone={done} />
      <ConfirmDelete confirmation={confirmation} remove={remove} what="add-on" confirmLabel="Delete Add-on">
        {(a) => <p>Delete {a.name}? Services stop offering it; bookings made with it keep it.</p>}
      </ConfirmDelete>
    </section>
  );
}
