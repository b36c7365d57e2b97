import { lazy } from 'react';

/**
 * The signed-in user's menus (Dashboard dropdown, avatar menu, the account part of the mobile
 * menu) with their icons, in one chunk loaded only when someone is signed in (or a stored session
 * is being checked): a visitor's first page load leaves them out.
 */
const load = () => import('./account-menus-chunk');

export const preloadAccountMenus = () => void load();
export const DashboardMenu = lazy(() => load().then((m) => ({ default: m.DashboardMenu })));
export const UserMenu = lazy(() => load().then((m) => ({ default: m.UserMenu })));
export const MobileAccountLinks = lazy(() => load().then((m) => ({ default: m.MobileAccountLinks })));
