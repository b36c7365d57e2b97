import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * React Router 7's package exports only its development build (remix-run/react-router#14102,
 * open): bundles get its dev-only warnings and checks. Its production build sits beside it in the
 * same package, identical but for `ENABLE_DEV_WARNINGS = false`; the browser's and the server's
 * builds take that one.
 */
const routerPackage = createRequire(import.meta.url).resolve('react-router/package.json');

export const reactRouterProduction = {
  find: /^react-router$/,
  replacement: path.join(path.dirname(routerPackage), 'dist/production/index.mjs'),
};
