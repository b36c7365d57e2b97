/**
 * Whether a component type is a lazily loaded one (`lazy(() => import(...))`): React's lazy type in
 * the server's React, Preact's `Lazy` component in the browser's (build/preact-alias.ts).
 */
export const isLazy = (type: unknown): boolean =>
  (type as { $$typeof?: symbol }).$$typeof === Symbol.for('react.lazy') ||
  (typeof type === 'function' && (type as { displayName?: string }).displayName === 'Lazy');
