import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';
import { formatPrice } from '../../../lib/format';

/**
 * The late-cancel fee as the terms state it (decision 069), read from the
 * shop's settings (GET /api/payments/cancellation-policy); nothing when the
 * policy is off (the default).
 */
export function LateCancelPolicy() {
  const policy = useQuery({
    queryKey: ['payments', 'cancellation-policy'],
    queryFn: () => unwrap(api.api.payments['cancellation-policy'].$get()),
    staleTime: 5 * 60_000,
  });
  if (!policy.data || policy.data.lateCancelFee <= 0) return null;
  return (
    <li data-late-cancel-policy>
      If you cancel within {policy.data.lateCancelHours} hours of the appointment’s start, a late-cancellation
      fee of {formatPrice(policy.data.lateCancelFee)} is charged to your card on file, once. We show the fee
      before you confirm the cancellation. There is no fee when we cancel.
    </li>
  );
}
