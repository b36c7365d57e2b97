import type { LucideIconNode } from 'lucide-react';
import type { PluginWithConfig } from 'tailwindcss/plugin';

/** The icon as an SVG data URL (`url("data:image/svg+xml,...")`): lucide's shapes with its stroke, filled or not. */
export function iconUrl(node: LucideIconNode[], options?: { filled?: boolean }): string;

/** The Tailwind plugin (index.css's `@plugin`). */
declare const iconMasks: PluginWithConfig;
export default iconMasks;
