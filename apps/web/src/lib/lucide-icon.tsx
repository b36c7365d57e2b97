import { createElement, forwardRef, type ReactNode, type SVGProps } from 'react';
import type { LucideIconData } from 'lucide-react';

/**
 * The component every lucide-react icon renders, in place of lucide's own `Icon`
 * (build/lucide-icon.ts swaps it in for the builds and the component tests).
 *
 * Why: lucide's builds each icon's attributes on every render (its defaults copied through a name
 * map, its classes split and merged through a Set, a context read): 7-10 % of a public page's
 * server render (55 icons on All Services) and the same share of the browser's hydration. This one
 * makes the same `<svg>` (lucide's attributes, its `lucide lucide-{name}` classes, `aria-hidden`
 * unless the icon is labelled) with the class string made once per icon.
 *
 * Not supported, as the app uses none of them: `LucideProvider`'s context, `absoluteStrokeWidth`
 * and `nonScalingStroke` (an icon given them renders as without).
 */
type IconProps = Omit<SVGProps<SVGSVGElement>, 'ref'> & {
  icon: LucideIconData;
  size?: number | string;
  absoluteStrokeWidth?: boolean;
  nonScalingStroke?: boolean;
  children?: ReactNode;
};

/** Each icon's own classes, worked out once: `lucide lucide-{name} lucide-{alias}...`. */
const iconClasses = new WeakMap<LucideIconData, string>();
function classesOf(icon: LucideIconData): string {
  let classes = iconClasses.get(icon);
  if (classes === undefined) {
    const names = [icon.name, ...(icon.aliases ?? [])].filter((name): name is string => !!name?.trim());
    classes = ['lucide', ...names.map((name) => `lucide-${name}`)].join(' ');
    iconClasses.set(icon, classes);
  }
  return classes;
}

/** Whether the icon is labelled for screen readers (then it is not hidden from them), as lucide decides. */
function labelled(props: Record<string, unknown>): boolean {
  for (const key in props) {
    if ((key.startsWith('aria-') || key === 'role' || key === 'title') && props[key] != null) return true;
  }
  return false;
}

export const Icon = forwardRef<SVGSVGElement, IconProps>(function Icon(
  {
    icon,
    className,
    children,
    size = 24,
    color = 'currentColor',
    strokeWidth = 2,
    absoluteStrokeWidth: _absolute,
    nonScalingStroke: _nonScaling,
    ...rest
  },
  ref,
) {
  const own = classesOf(icon);
  return createElement(
    'svg',
    {
      ref,
      xmlns: 'http://www.w3.org/2000/svg',
      width: size,
      height: size,
      viewBox: `0 0 ${icon.size ?? icon.width ?? 24} ${icon.size ?? icon.height ?? 24}`,
      fill: 'none',
      stroke: color,
      strokeWidth,
      strokeLinecap: 'round',
      strokeLinejoin: 'round',
      className: className ? `${own} ${className}` : own,
      ...(children || labelled(rest) ? null : { 'aria-hidden': 'true' }),
      ...rest,
    },
    icon.node.map(([tag, attributes]) => createElement(tag, attributes)),
    children,
  );
});

export default Icon;
