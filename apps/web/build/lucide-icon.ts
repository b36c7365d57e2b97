import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/**
 * lucide-react's icons render our `Icon` (src/lib/lucide-icon.tsx, which says why) instead of its
 * own: its `createLucideIcon` imports `./Icon.mjs`, and that import alone is answered with ours.
 * The app keeps importing its icons from lucide-react, one module per icon as before. Used by the
 * browser's and the server's builds and by the component tests, so all three render the same
 * markup. A build in which lucide's layout changed (no such import seen) fails, not silently
 * falls back.
 */
const ICON = fileURLToPath(new URL('../src/lib/lucide-icon.tsx', import.meta.url));
const IMPORTER = /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]createLucideIcon\.mjs$/;

export function lucideIcon({ required = true }: { required?: boolean } = {}): Plugin {
  let swapped = false;
  return {
    name: 'meramot:lucide-icon',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== './Icon.mjs' || !importer || !IMPORTER.test(importer)) return null;
      swapped = true;
      return ICON;
    },
    buildEnd(error) {
      if (required && !error && !swapped) {
        this.error("lucide-react's createLucideIcon no longer imports ./Icon.mjs: update build/lucide-icon.ts.");
      }
    },
  };
}
