import { ActionButton } from '../../../components/ui/ActionButton';
import { VEHICLE_CLASS_LABELS } from '@app/core/garage/model';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  ConfirmDelete,
  DeleteButton,
  useConfirmation,
  useDeleteMutation,
} from '../../../components/admin/ConfirmAction';
import { NoticeLine, useNotice } from '../../../components/admin/notice';
import { ListOf } from '../../../components/ui/ListState';
import { VehicleForm } from '../../../components/vehicle/VehicleForm';
import { VehicleHistory } from '../../../components/vehicle/VehicleHistory';
import { vehicleName } from '../../../lib/vehicle-form';
import {
  deleteVehicle,
  type GarageVehicle,
  myVehicleHistoryOptions,
  myVehiclesQueryOptions,
  refreshAfterVehicleChange,
} from '../../../lib/vehicles';

type Open = { kind: 'new' } | { kind: 'edit' | 'history'; vehicle: GarageVehicle } | null;

/** A vehicle's facts under its name: class, VIN, plate, the newest mileage. */
function Facts({ vehicle }: { vehicle: GarageVehicle }) {
  const latest = vehicle.mileage[0];
  const facts = [
    vehicle.vehicleClass && VEHICLE_CLASS_LABELS[vehicle.vehicleClass],
    vehicle.vin && `VIN ${vehicle.vin}`,
    vehicle.plate && `Plate ${vehicle.plate}`,
    latest && `${latest.miles.toLocaleString('en-US')} mi`,
  ].filter(Boolean);
  return facts.length > 0 ? <p className="service-addresses__meta">{facts.join(' · ')}</p> : null;
}

/**
 * Account Settings → Vehicles (issue 34): the customer's garage. Add one (by VIN, looked up
 * through vPIC, or typed), edit it, record its mileage, read its history, delete it (its history
 * stays). Booking offers them; a vehicle typed at booking arrives here too.
 */
export function Vehicles({ userId }: { userId: string }) {
  const queryClient = useQueryClient();
  const vehicles = useQuery(myVehiclesQueryOptions(userId));
  const [open, setOpen] = useState<Open>(null);
  const notice = useNotice();
  const confirmation = useConfirmation<GarageVehicle>();
  const remove = useDeleteMutation({
    del: deleteVehicle,
    notice,
    refresh: () => refreshAfterVehicleChange(queryClient),
    deleted: 'Vehicle deleted. Its history is kept.',
    failed: 'Could not delete the vehicle.',
  });
  const saved = (vehicle: GarageVehicle, verb: string) => {
    setOpen(null);
    notice.success(`${verb} ${vehicleName(vehicle)}.`);
  };
  const show = (next: Open) => {
    notice.set(null);
    setOpen(next);
  };

  return (
    <section className="card account-form service-addresses" aria-labelledby="vehicles-title">
      <h2 id="vehicles-title">Vehicles</h2>
      <p className="field__hint">The vehicles we look after for you. Pick one when you book.</p>
      <NoticeLine notice={notice.notice} />
      <ListOf
        query={vehicles}
        loading="Loading your vehicles..."
        failed="Could not load your vehicles."
        none="No vehicles yet. Add the first one below."
        className="service-addresses__list"
        label="Your vehicles"
        item={(vehicle) => (
          <li key={vehicle._id} className="service-addresses__item">
            {open?.kind === 'edit' && open.vehicle._id === vehicle._id ? (
              <VehicleForm
                editing={vehicle}
                title="Edit vehicle"
                onSaved={(v) => saved(v, 'Saved')}
                onCancel={() => setOpen(null)}
              />
            ) : (
              <>
                <p>
                  <strong>{vehicleName(vehicle)}</strong>
                </p>
                <Facts vehicle={vehicle} />
                <p className="service-addresses__actions">
                  <ActionButton onClick={() => show({ kind: 'edit', vehicle })} named={vehicleName(vehicle)}>
                    Edit
                  </ActionButton>
                  <ActionButton
                    expanded={open?.kind === 'history' && open.vehicle._id === vehicle._id}
                    onClick={() => show({ kind: 'history', vehicle })}
                    named={`of ${vehicleName(vehicle)}`}
                  >
                    History
                  </ActionButton>
                  <DeleteButton confirmation={confirmation} target={vehicle} before={() => notice.set(null)}>
                    {vehicleName(vehicle)}
                  </DeleteButton>
                </p>
                {open?.kind === 'history' && open.vehicle._id === vehicle._id && (
                  <VehicleHistory options={myVehicleHistoryOptions(vehicle._id)} />
                )}
              </>
            )}
          </li>
        )}
      />
      {open?.kind === 'new' ? (
        <VehicleForm title="New vehicle" onSaved={(v) => saved(v, 'Added')} onCancel={() => setOpen(null)} />
      ) : (
        vehicles.isSuccess && (
          <p>
            <button type="button" className="button button--primary" onClick={() => show({ kind: 'new' })}>
              Add a Vehicle
            </button>
          </p>
        )
      )}
      <ConfirmDelete confirmation={confirmation} remove={remove} what="this vehicle?">
        {(vehicle) => <p>{vehicleName(vehicle)} leaves your garage. Its history is kept.</p>}
      </ConfirmDelete>
    </section>
  );
}
