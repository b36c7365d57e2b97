import { CalendarCheck, ClipboardList, LayoutList, ListChecks, PlusCircle } from 'lucide-react';
import { paths } from '../../config/paths';
import type { NavItem } from './nav-items';

/**
 * The Dashboard dropdown, in the spec's order. Only the signed-in menus (loaded on demand, see
 * account-menus.tsx) use it, so its icons stay out of the first page load.
 */
export const dashboardLinks: NavItem[] = [
  { to: paths.addService, labelKey: 'nav.addService', icon: PlusCircle },
  { to: paths.manageServices, labelKey: 'nav.manageServices', icon: LayoutList },
  { to: paths.bookedServices, labelKey: 'nav.bookedServices', icon: CalendarCheck },
  { to: paths.bookings, labelKey: 'nav.myBookings', icon: ClipboardList },
  { to: paths.serviceTodo, labelKey: 'nav.serviceTodo', icon: ListChecks },
];
