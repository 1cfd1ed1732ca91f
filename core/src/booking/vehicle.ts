import { Garage } from '../garage/index';

/**
 * The vehicle a new booking is for (issue 34, decisions 117 and 121): a request may name one of
 * the customer's garage vehicles (`vehicleId`, beside the spec's vehicle fields, which the garage
 * vehicle's then replace as the booking's snapshot); without it, a signed-in customer's typed
 * vehicle is matched to, or saved into, their garage (Garage.attach). A guest's booking, and the
 * desk's for no customer, keep the typed fields alone, as before.
 */
export const VehicleChoice = { vehicleId: Garage.vehicleId.optional() };

type Typed = { vehicleYear: number; vehicleMake: string; vehicleModel: string; vehicleColor?: string };

export async function vehicleOf(
  owner: string | undefined,
  input: Typed & { vehicleId?: string },
): Promise<{
  vehicleYear: number;
  vehicleMake: string;
  vehicleModel: string;
  vehicleColor: string;
  vehicleId?: string;
}> {
  const typed = {
    year: input.vehicleYear,
    make: input.vehicleMake,
    model: input.vehicleModel,
    color: input.vehicleColor ?? '',
  };
  const car: Garage.Attached = owner ? await Garage.attach(owner, typed, input.vehicleId) : typed;
  return {
    vehicleYear: car.year,
    vehicleMake: car.make,
    vehicleModel: car.model,
    vehicleColor: car.color,
    ...(car.vehicleId ? { vehicleId: car.vehicleId } : {}),
  };
}
