// The modules of the signed-in menus' chunk (see account-menus.tsx).
export { DashboardMenu } from './dashboard-menu';
export { MobileAccountLinks } from './mobile-account-links';
export { UserMenu } from './user-menu';
