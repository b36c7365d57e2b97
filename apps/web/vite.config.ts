import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';
import { lucideIcon } from './build/lucide-icon';
import { precompress } from './build/precompress';
import { preactAlias } from './build/preact-alias';
import { routePreload } from './build/route-preload';
import { reactRouterProduction } from './build/react-router-production';
import { HERO_IMAGES } from './src/features/home/hero-images';
import { THEME_INIT_SCRIPT } from '../../packages/shared/src/theme-init';

/** The stored theme applied before the first paint: inline, first in the head (dev and build). */
const themeInit = (): Plugin => ({
  name: 'meramot:theme-init',
  transformIndexHtml: () => [{ tag: 'script', children: THEME_INIT_SCRIPT, injectTo: 'head-prepend' }],
});

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [
    tailwindcss(),
    themeInit(),
    // lucide-react's icons render src/lib/lucide-icon.tsx (a seventh of a list page's render).
    lucideIcon(),
    // The public pages' chunks (and the home page's first hero image) start loading with the entry.
    !isSsrBuild &&
      routePreload({
        '/': { module: 'src/app/routes/home.tsx', images: [HERO_IMAGES[0]] },
        '/services': { module: 'src/app/routes/services.tsx' },
        '/bn': { module: 'src/app/routes/home.tsx', images: [HERO_IMAGES[0]] },
        '/bn/services': { module: 'src/app/routes/services.tsx' },
      }),
    // .br and .gz beside each asset, served as they are by the server.
    !isSsrBuild && precompress(),
  ],
  // `@/x` is src/x (tsconfig.json's paths say the same to TypeScript).
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      ...(isSsrBuild ? [] : preactAlias),
      ...(command === 'build' ? [reactRouterProduction] : []),
    ],
  },
  // dist/.vite/manifest.json: scripts/check-web-size.mjs follows the home page's chunks with it.
  build: {
    manifest: !isSsrBuild,
    copyPublicDir: !isSsrBuild,
    // The server entry's files are .mjs: ES modules wherever the build is put. As .js in a folder
    // without a package.json of "type": "module" (the bench's and CI's builds in the temp folder),
    // the server's TypeScript loader (tsx) took them for CommonJS and compiled them again, keeping
    // function names: rendering a page cost 16 % more.
    rollupOptions: isSsrBuild
      ? { output: { entryFileNames: '[name].mjs', chunkFileNames: 'assets/[name]-[hash].mjs' } }
      : undefined,
  },
  // The server entry (src/entry-server.tsx, `vite build --ssr`) holds everything it imports, so a
  // build in any folder runs without that folder's node_modules.
  ssr: { noExternal: true },
  // ... and is React's production build whatever NODE_ENV the server runs with.
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : undefined,
  // `npm run dev -w apps/web` proxies the API of a server started separately (API_TARGET).
  server: {
    proxy: {
      '/api': process.env.API_TARGET ?? 'http://127.0.0.1:3000',
      '/images': process.env.API_TARGET ?? 'http://127.0.0.1:3000',
      // Uploaded photos (issue 23), served by the server at /photos/{key}.
      '/photos': process.env.API_TARGET ?? 'http://127.0.0.1:3000',
    },
  },
}));
