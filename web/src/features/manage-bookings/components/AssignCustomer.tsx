import { formatLongDate, formatTime } from '@app/core/time';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { ActionButton } from '../../../components/ui/ActionButton';
import { FormMessage } from '../../../components/ui/FormMessage';
import { messageOf } from '../../../lib/api';
import { assignCustomer, customersQueryOptions } from '../api';
import { fullName, InvalidCustomerReply } from '../customers';
import { customerOf, serviceOf } from '../display';
import { deskMessages } from '../messages';
import type { AdminBooking, Customer } from '../types';
import { useDebouncedValue } from '../useDebouncedValue';
import { NewCustomerForm } from './NewCustomerForm';
import { BackToBookings, SubViewHeading } from './SubViewHeading';
import { ShowMore } from '../../../components/ui/ShowMore';
import { deskKeys } from '../../../lib/shared-queries';

type AssignCustomerProps = {
  booking: AdminBooking;
  onBack: () => void;
  /** Called with the success alert's text once the booking is assigned. */
  onAssigned: (text: string) => void;
};

/**
 * Assign Customer (doc 2 §2, §5): pick a customer from the searchable list
 * (admins never listed), or create a new one, and the booking is assigned to
 * them; the server mails them the confirmation link.
 */
export function AssignCustomer({ booking, onBack, onAssigned }: AssignCustomerProps) {
  const queryClient = useQueryClient();
  const id = useId();
  const [query, setQuery] = useState('');
  const settled = useDebouncedValue(query.trim());
  const customers = useInfiniteQuery(customersQueryOptions(settled));
  const [selected, setSelected] = useState<Customer | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);

  const assign = useMutation({
    mutationFn: (customer: Customer) => assignCustomer(booking._id, customer),
    onSuccess: () => onAssigned(deskMessages.assigned),
  });

  const submitAssign = () => {
    if (!selected) return setProblem(deskMessages.selectCustomerFirst);
    setProblem(null);
    assign.mutate(selected);
  };

  const listError = customers.isError
    ? customers.error instanceof InvalidCustomerReply
      ? deskMessages.invalidFormat
      : settled
        ? deskMessages.customerSearchFailed
        : deskMessages.customersFailed
    : null;
  const list = customers.data?.pages.flatMap((page) => page.items) ?? [];
  const more = customers.hasNextPage;
  const client = customerOf(booking);

  return (
    <div className="desk-sub">
      <div className="desk__bar">
        <SubViewHeading focus>Assign Customer</SubViewHeading>
        <BackToBookings onBack={onBack} />
      </div>
      <p className="desk-assign__booking">
        <strong>{serviceOf(booking)}</strong> on {formatLongDate(booking.date)} at {formatTime(booking.time)},
        booked for {client.name}. The customer is emailed a link to confirm or decline it.
      </p>

      <div className="desk-assign">
        <section className="desk-assign__pick" aria-labelledby={`${id}-pick`}>
          <h4 id={`${id}-pick`}>Choose a customer</h4>
          <div className="field">
            <label htmlFor={`${id}-search`}>Search customers</label>
            <input
              id={`${id}-search`}
              type="search"
              className="input"
              value={query}
              maxLength={100}
              placeholder="Name, email or phone"
              aria-describedby={`${id}-results`}
              onChange={(event) => setQuery(event.target.value)}
            />
          </div>
          <div id={`${id}-results`} role="status" className="desk-assign__results">
            {customers.isPending
              ? 'Loading customers...'
              : !listError && list.length === 0
                ? deskMessages.noCustomers
                : !listError
                  ? `${list.length} ${list.length === 1 ? 'customer' : 'customers'} found${more ? ', more to show' : ''}`
                  : ''}
          </div>
          {listError && <FormMessage tone="error">{listError}</FormMessage>}
          {list.length > 0 && (
            <fieldset className="desk-assign__list">
              <legend className="visually-hidden">Customers</legend>
              {list.map((customer) => (
                <label key={customer._id} className="desk-assign__customer">
                  <input
                    type="radio"
                    name={`${id}-customer`}
                    value={customer._id}
                    checked={selected?._id === customer._id}
                    onChange={() => {
                      setSelected(customer);
                      setProblem(null);
                    }}
                  />
                  <span>
                    <strong>{fullName(customer)}</strong>
                    <span className="desk-card__muted">
                      {' '}
                      {customer.email}
                      {customer.phone ? ` · ${customer.phone}` : ''}
                    </span>
                  </span>
                </label>
              ))}
            </fieldset>
          )}
          <ShowMore pages={customers} label="Show more customers" />
          {problem && <FormMessage tone="error">{problem}</FormMessage>}
          {assign.isError && (
            <FormMessage tone="error">{messageOf(assign.error, deskMessages.assignFailed)}</FormMessage>
          )}
          <ActionButton
            tone="primary"
            disabled={assign.isPending}
            onClick={submitAssign}
            pending={assign.isPending}
            pendingLabel="Assigning..."
          >
            Assign Customer
          </ActionButton>
        </section>

        <section className="desk-assign__new" aria-labelledby={`${id}-new`}>
          <h4 id={`${id}-new`}>Or create a new customer</h4>
          <button
            ref={toggleRef}
            type="button"
            className="button button--secondary"
            aria-expanded={creating}
            aria-controls={`${id}-new-form`}
            onClick={() => setCreating((open) => !open)}
          >
            Create New Customer
          </button>
          <div id={`${id}-new-form`}>
            {creating && (
              <NewCustomerForm
                booking={booking}
                onCancel={() => {
                  setCreating(false);
                  toggleRef.current?.focus();
                }}
                onCreated={(customer) => {
                  void queryClient.invalidateQueries({ queryKey: deskKeys.customers() });
                  setSelected(customer);
                }}
                onAssigned={() => onAssigned(deskMessages.customerCreatedAndAssigned)}
              />
            )}
          </div>
        </section>
      </div>
    </div>
  );
}
