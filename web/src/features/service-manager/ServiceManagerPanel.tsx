import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDelete, useConfirmation } from '../../components/admin/ConfirmAction';
import { NoticeLine, PanelButton, useNotice } from '../../components/admin/notice';
import { FormMessage } from '../../components/ui/FormMessage';
import { messageOf } from '../../lib/api';
import { refreshAfterServiceChange, servicesQueryOptions, timeSlotKeys } from '../../lib/shared-queries';
import { deleteService, type ServiceRow } from './api';
import { ServiceCard } from './components/ServiceCard';
import { ServiceEditor } from './components/ServiceEditor';
import { AddOnManager } from './components/AddOnManager';
import './service-manager.css';

/**
 * The service manager (doc 2 §2, §5, §8): create, edit and delete services
 * (with confirmation), each service's slot statistics and its Create Slots
 * action. Every write refreshes the public service pages' data too.
 */
export default function ServiceManagerPanel() {
  const queryClient = useQueryClient();
  const services = useQuery(servicesQueryOptions());
  const [editing, setEditing] = useState<ServiceRow | 'new' | null>(null);
  const confirmation = useConfirmation<ServiceRow>();
  const notice = useNotice();

  const refresh = () => refreshAfterServiceChange(queryClient);

  const remove = useMutation({
    mutationFn: deleteService,
    onSuccess: (_reply, serviceId) => {
      // The card goes at once, and its statistics are not asked for again (the service is gone).
      queryClient.setQueryData(servicesQueryOptions().queryKey, (list) =>
        list?.filter((s) => s._id !== serviceId),
      );
      queryClient.removeQueries({ queryKey: timeSlotKeys.ofService(serviceId) });
      notice.success('Service deleted.');
    },
    onError: (error) => notice.failure(error, 'Could not delete service.'),
    onSettled: () => void refresh(),
  });

  return (
    <div className="service-manager">
      <NoticeLine notice={notice.notice} />
      {editing ? (
        <ServiceEditor
          service={editing === 'new' ? null : editing}
          onCancel={() => setEditing(null)}
          onSaved={async (text) => {
            setEditing(null);
            notice.success(text);
            await refresh();
          }}
        />
      ) : (
        <PanelButton tone="primary" before={notice.clear} onClick={() => setEditing('new')}>
          Add Service
        </PanelButton>
      )}

      {services.isError && (
        <FormMessage tone="error">{messageOf(services.error, 'Could not fetch services.')}</FormMessage>
      )}
      {services.isPending && <p className="status-text">Loading services...</p>}
      {services.data?.length === 0 && <p className="status-text">No services yet.</p>}
      <ul className="service-manager__list">
        {services.data?.map((service) => (
          <ServiceCard
            key={service._id}
            service={service}
            busy={remove.isPending}
            onEdit={() => {
              notice.clear();
              setEditing(service);
            }}
            onDelete={() => confirmation.ask(service)}
            onSlotsCreated={refresh}
          />
        ))}
      </ul>

      <AddOnManager />

      <ConfirmDelete confirmation={confirmation} remove={remove} what="service" confirmLabel="Delete Service">
        {(service) => (
          <p>
            Are you sure you want to delete this service? {service.name} will no longer be offered; its
            existing bookings are kept, and its future unbooked time slots are removed.
          </p>
        )}
      </ConfirmDelete>
    </div>
  );
}
