import { VEHICLE_CLASS_LABELS, type VehicleClass } from '@app/core/garage/model';
import { useQuery } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import { useAuth } from '../../lib/auth/store';
import { myVehiclesQueryOptions } from '../../lib/vehicles';

export type SuggestedClass = { vehicleClass: VehicleClass; because: string };

/**
 * The vehicle class the booking suggests (issue 34): the class of the garage vehicle the page's link
 * names (`?vehicle=`, from a "your car is due" or a follow-up link), else of the customer's only
 * vehicle with a class (chosen when it was added, from vPIC's body class). The customer may change it.
 */
export function useSuggestedClass(): SuggestedClass | undefined {
  const { user } = useAuth();
  const search: { vehicle?: unknown } = useSearch({ strict: false });
  const customer = user?.role === 'user' ? user._id : undefined;
  const garage = useQuery({ ...myVehiclesQueryOptions(customer ?? ''), enabled: !!customer });
  const vehicles = (garage.data ?? []).filter((v) => v.vehicleClass && !v.deleted);
  const named = vehicles.find((v) => v._id === search.vehicle);
  const vehicle = named ?? (vehicles.length === 1 ? vehicles[0] : undefined);
  if (!vehicle?.vehicleClass) return undefined;
  const name = `${vehicle.year} ${vehicle.make} ${vehicle.model}`;
  return {
    vehicleClass: vehicle.vehicleClass,
    because: `${name} is a ${VEHICLE_CLASS_LABELS[vehicle.vehicleClass]}`,
  };
}
