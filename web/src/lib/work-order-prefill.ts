/**
 * What 'Create Work Order' from a booking card fills in (doc 2 §2): the
 * customer, the vehicle, the service as the description, and the booking's
 * id, and its service address. The bookings desk makes it and the work-order form reads it; /admin
 * joins the two. The phone is the booking's (issue 30); blank when the customer gave none.
 */
export type WorkOrderPrefill = {
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  vehicleYear: number | null;
  vehicleMake: string;
  vehicleModel: string;
  vehicleColor: string;
  serviceDescription: string;
  relatedBooking: string;
  /** The booking's service address (issue 20); null for a booking made before addresses. */
  address: { street: string; city: string; state: string; zipCode: string } | null;
};
