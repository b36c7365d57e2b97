import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  // dist/.vite/manifest.json: scripts/check-web-size.mjs follows the home page's chunks with it.
  build: { manifest: true },
  // `npm run dev -w apps/web` proxies the API of a server started separately (API_TARGET).
  server: {
    proxy: {
      '/api': process.env.API_TARGET ?? 'http://127.0.0.1:3000',
      '/images': process.env.API_TARGET ?? 'http://127.0.0.1:3000',
    },
  },
});
