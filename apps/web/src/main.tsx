import './lib/zod-jitless';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppProviders } from './app/providers';
import { AppRouter } from './app/router';
import { takeServerState } from './lib/hydration';
import { applyLanguage, initialLanguage } from './lib/language';
import { pathLanguage } from './lib/page-language';
import { createQueryClient } from './lib/query-client';
import './index.css';

// A public page comes rendered from the server with its data (issue 22): the browser hydrates it
// with the same data. A signed-in screen comes as the empty shell and is rendered here. The
// browser's React is Preact (build/preact-alias.ts): it hydrates React's server markup, keeping
// its elements; a page whose chunk is still loading keeps the server's markup until it arrives.
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
  if (takeServerState(queryClient)) hydrateRoot(container, app);
  else createRoot(container).render(app);
}

// A public page's address names its language (/bn/... Bangla); a signed-in screen follows the
// stored choice. In Bangla, the shell's Bangla texts load first (English is already here).
if ((pathLanguage(window.location.pathname) ?? initialLanguage()) === 'bn')
  void applyLanguage('bn')
    .catch(() => undefined)
    .then(render);
else render();
