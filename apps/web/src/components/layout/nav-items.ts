import { CalendarCheck, ClipboardList, LayoutList, ListChecks, PlusCircle, type LucideIcon } from 'lucide-react';
import { paths } from '../../config/paths';

export interface NavItem {
  to: string;
  /** Key in the common namespace. */
  labelKey: string;
  icon?: LucideIcon;
}

export const mainLinks: NavItem[] = [
  { to: paths.home, labelKey: 'nav.home' },
  { to: paths.services, labelKey: 'nav.services' },
];

/** The Dashboard dropdown, in the spec's order. */
export const dashboardLinks: NavItem[] = [
  { to: paths.addService, labelKey: 'nav.addService', icon: PlusCircle },
  { to: paths.manageServices, labelKey: 'nav.manageServices', icon: LayoutList },
  { to: paths.bookedServices, labelKey: 'nav.bookedServices', icon: CalendarCheck },
  { to: paths.bookings, labelKey: 'nav.myBookings', icon: ClipboardList },
  { to: paths.serviceTodo, labelKey: 'nav.serviceTodo', icon: ListChecks },
];
