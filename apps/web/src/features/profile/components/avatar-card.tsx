import { CalendarDays, Mail, Phone } from 'lucide-react';
import { useTranslation } from '@/lib/i18n';
import type { User } from '@meramot/shared';
import { Avatar } from '@/components/ui/avatar';
import { displayNameOf, formatDate } from '@/lib/format';

/** Photo (default avatar on none or broken), name, e-mail, phone and member-since date. */
export function AvatarCard({ user }: { user: User }) {
  const { t } = useTranslation('profile');
  const name = displayNameOf(user);
  return (
    <section aria-label={name} className="card border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body items-center text-center">
        <Avatar
          key={user.photoURL ?? ''}
          src={user.photoURL}
          alt={t('card.photoAlt', { name })}
          size={112}
          loading="eager"
          className="ring-4 ring-primary/30"
        />
        <p className="mt-2 text-xl font-semibold break-words [overflow-wrap:anywhere]">{name}</p>
        <ul className="space-y-1 text-sm text-base-content/80">
          <li className="flex items-center justify-center gap-2 [overflow-wrap:anywhere]">
            <Mail className="size-4 shrink-0" aria-hidden="true" />
            {user.email}
          </li>
          {user.phone && (
            <li className="flex items-center justify-center gap-2">
              <Phone className="size-4 shrink-0" aria-hidden="true" />
              {t('card.phone', { phone: user.phone })}
            </li>
          )}
          <li className="flex items-center justify-center gap-2">
            <CalendarDays className="size-4 shrink-0" aria-hidden="true" />
            {t('card.memberSince', { date: formatDate(user.createdAt) })}
          </li>
        </ul>
      </div>
    </section>
  );
}
