import type { LucideIcon } from 'lucide-react';
import { paths } from '@/config/paths';

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
