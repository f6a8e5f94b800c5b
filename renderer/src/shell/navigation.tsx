import { IconBook2, IconHistory, IconInfoCircle, IconSettings, IconSwords } from '@tabler/icons-react';
import type { ComponentType } from 'react';

export interface NavItem {
  path: string;
  label: string;
  icon: ComponentType<{ size?: number; stroke?: number }>;
}

/** The app's sections, in the order the navigation shows them. */
export const mainSections: NavItem[] = [
  { path: '/rosters', label: 'Rosters', icon: IconBook2 },
  { path: '/combat', label: 'Combat', icon: IconSwords },
  { path: '/history', label: 'History', icon: IconHistory },
  { path: '/settings', label: 'Settings', icon: IconSettings },
];

export const aboutSection: NavItem = { path: '/about', label: 'About', icon: IconInfoCircle };
