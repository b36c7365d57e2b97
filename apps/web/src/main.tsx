import './lib/zod-jitless';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppProviders } from './app/providers';
import { AppRouter, preloadPage } from './app/router';
import { takeServerState } from './lib/hydration';
import { hydrateInTurns } from './lib/hydration-turns';
import { applyLanguage, initialLanguage } from './lib/language';
import { pathLanguage } from './lib/page-language';
import { createQueryClient } from './lib/query-client';
import './index.css';

// A public page comes rendered from the server with its data (issue 22): the browser hydrates it
// with the same data. A signed-in screen comes as the empty shell and is rendered here. The
// browser's React is Preact (build/preact-alias.ts): it hydrates React's server markup, keeping
// its elements, once start() below has the page's code.
function render() {
  const queryClient = createQueryClient();
  const container = document.getElementById('root')!;
  const app = (
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <AppRouter />
      </AppProviders>
    </StrictMode>
  );
  if (takeServerState(queryClient)) hydrateInTurns(() => hydrateRoot(container, app));
  else createRoot(container).render(app);
}

// A server-rendered page's code first (route-preload.js has started it), so that it renders at
// once and is hydrated in place. A public page's address names its language (/bn/... Bangla); a
// signed-in screen follows the stored choice. In Bangla, the Bangla texts of the shell and the
// page load before the first render (English is already here).
async function start() {
  const { pathname } = window.location;
  await preloadPage(pathname).catch(() => undefined);
  if ((pathLanguage(pathname) ?? initialLanguage()) === 'bn') await applyLanguage('bn').catch(() => undefined);
  render();
}
void start();
