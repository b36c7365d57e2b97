import { Calendar, Clock, Mail, MessageSquare, User } from 'lucide-react';
import { useTranslation } from '../../../lib/i18n';
import { BOOKING_STATUSES, type Booking, type BookingStatus } from '@meramot/shared';
import { formatDate } from '../../../lib/format';
import { StatusBadge } from './status-badge';

interface Props {
  booking: Booking;
  updating: boolean;
  onChangeStatus(booking: Booking, status: BookingStatus): void;
}

/** A request on the to-do list: customer, dates, instructions, the status dropdown and Email Customer. */
export function TodoCard({ booking, updating, onChangeStatus }: Props) {
  const { t } = useTranslation('requests');
  const final = booking.status === 'completed';
  const selectId = `status-${booking._id}`;
  const subject = t('todo.emailSubject', { service: booking.serviceName });
  const mailto = `mailto:${booking.customerEmail}?subject=${encodeURIComponent(subject)}`;
  return (
    <li className="card border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-3 p-4">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h3 className="min-w-0 text-lg font-semibold break-words">{booking.serviceName}</h3>
          <StatusBadge status={booking.status} />
        </div>
        <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
          <Item icon={User} label={t('todo.customer')} value={booking.customerName} />
          <Item icon={Mail} label={t('todo.email')} value={booking.customerEmail} />
          <Item icon={Calendar} label={t('todo.serviceDate')} value={formatDate(booking.serviceTakingDate)} />
          <Item icon={Clock} label={t('todo.bookedAt')} value={formatDate(booking.bookedAt)} />
          <Item
            icon={MessageSquare}
            label={t('todo.instructions')}
            value={booking.specialInstruction.trim() || t('todo.noInstructions')}
            wide
          />
        </dl>
        <div className="flex flex-col gap-3 border-t border-base-300 pt-3 sm:flex-row sm:items-end sm:justify-between">
          <div className="flex flex-col gap-1">
            <label htmlFor={selectId} className="text-sm font-semibold">
              {t('todo.statusLabel')}
            </label>
            <select
              id={selectId}
              className="select select-sm w-full sm:w-44"
              value={booking.status}
              disabled={final || updating}
              aria-describedby={final ? `${selectId}-final` : undefined}
              onChange={(e) => onChangeStatus(booking, e.target.value as BookingStatus)}
            >
              {BOOKING_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {t(`status.${s}`)}
                </option>
              ))}
            </select>
            {final && (
              <p id={`${selectId}-final`} className="text-xs text-base-content/80">
                {t('todo.final')}
              </p>
            )}
          </div>
          <a
            href={mailto}
            className="btn btn-outline btn-sm"
            aria-label={t('todo.emailCustomerOf', { name: booking.customerName, service: booking.serviceName })}
          >
            <Mail className="size-4" aria-hidden="true" />
            {t('todo.emailCustomer')}
          </a>
        </div>
      </div>
    </li>
  );
}

function Item({ icon: Icon, label, value, wide = false }: { icon: typeof User; label: string; value: string; wide?: boolean }) {
  return (
    <div className={`min-w-0 ${wide ? 'sm:col-span-2' : ''}`}>
      <dt className="flex items-center gap-2 font-semibold text-base-content/80">
        <Icon className="size-4 shrink-0 text-base-content/70" aria-hidden="true" />
        {label}
      </dt>
      <dd className="break-words pl-6">{value}</dd>
    </div>
  );
}
