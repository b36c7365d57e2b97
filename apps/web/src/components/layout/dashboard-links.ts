import { CalendarCheck, LayoutList, ListChecks, PlusCircle } from 'lucide-react';
import { paths } from '@/config/paths';
import type { NavItem } from './nav-items';

/**
 * The Dashboard dropdown, in the spec's order. Each bookings list has one home: Booked Services (the
 * customer's) and Service To-Do (the provider's); the spec's My Bookings (/bookings, the same lists
 * again) is left out, and its route redirects to them (app/routes/bookings.tsx). Only the signed-in
 * menus (loaded on demand, see account-menus.tsx) use it, so its icons stay out of the first page
 * load.
 */
export const dashboardLinks: NavItem[] = [
  { to: paths.addService, labelKey: 'nav.addService', icon: PlusCircle },
  { to: paths.manageServices, labelKey: 'nav.manageServices', icon: LayoutList },
  { to: paths.bookedServices, labelKey: 'nav.bookedServices', icon: CalendarCheck },
  { to: paths.serviceTodo, labelKey: 'nav.serviceTodo', icon: ListChecks },
];
