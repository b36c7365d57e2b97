import type { User } from '@meramot/shared';
import { LogOut, SlidersHorizontal, UserCog } from 'lucide-react';
import { useTranslation } from '@/lib/i18n';
import { Link } from '@/components/link';
import { paths } from '@/config/paths';
import { displayNameOf } from '@/lib/format';
import { useLogout } from './use-logout';
import { UserAvatar } from './user-avatar';
import { useDisclosure } from './use-disclosure';

/** The avatar button and its menu: name, e-mail, Profile Settings, Preferences, Logout. */
export function UserMenu({ user }: { user: User }) {
  const { t } = useTranslation();
  const menu = useDisclosure();
  const logout = useLogout();
  const name = displayNameOf(user);

  return (
    <div {...menu.rootProps} className="relative">
      <button
        {...menu.buttonProps}
        aria-label={t('nav.userMenu', { name })}
        className="btn btn-circle btn-ghost btn-sm p-0 ring-2 ring-base-300 focus-visible:ring-primary"
      >
        <UserAvatar src={user.photoURL} size={32} />
      </button>
      <div
        {...menu.panelProps}
        className="absolute top-full right-0 z-50 mt-2 w-64 max-w-[calc(100vw-1rem)] rounded-box border border-base-300 bg-base-100 p-2 shadow-xl"
      >
        <div className="flex items-center gap-3 border-b border-base-300 px-2 pt-1 pb-3">
          <UserAvatar src={user.photoURL} size={40} />
          <div className="min-w-0">
            <p className="truncate font-semibold">{name}</p>
            <p className="truncate text-sm text-base-content/80">{user.email}</p>
          </div>
        </div>
        <ul className="menu w-full p-0 pt-2">
          <li>
            <Link to={paths.profileSettings} onClick={menu.close}>
              <UserCog className="size-4" aria-hidden="true" />
              {t('nav.profileSettings')}
            </Link>
          </li>
          <li>
            {/* Preferences: the notification settings (and the e-mail language) in Profile Settings. */}
            <Link to={`${paths.profileSettings}#notifications`} onClick={menu.close}>
              <SlidersHorizontal className="size-4" aria-hidden="true" />
              {t('nav.preferences')}
            </Link>
          </li>
          <li>
            <button
              type="button"
              onClick={() => {
                menu.close();
                void logout();
              }}
            >
              <LogOut className="size-4" aria-hidden="true" />
              {t('nav.logout')}
            </button>
          </li>
        </ul>
      </div>
    </div>
  );
}
