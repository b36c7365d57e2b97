import './lib/zod-jitless';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppProviders } from './app/providers';
import { AppRouter } from './app/router';
import { takeServerState } from './lib/hydration';
import { applyLanguage, initialLanguage } from './lib/language';
import { pathLanguage } from './lib/page-language';
import { createQueryClient } from './lib/query-client';
import './index.css';

// A public page comes rendered from the server with its data (issue 22): the browser hydrates it
// with the same data. A signed-in screen comes as the empty shell and is rendered here. Either
// way the first render is a transition: React works in slices, yielding to the browser between
// them, instead of one long task that blocks input while the page starts.
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
  if (takeServerState(queryClient)) startTransition(() => void hydrateRoot(container, app));
  else {
    const root = createRoot(container);
    startTransition(() => root.render(app));
  }
}

// A public page's address names its language (/bn/... Bangla); a signed-in screen follows the
// stored choice. In Bangla, the shell's Bangla texts load first (English is already here).
if ((pathLanguage(window.location.pathname) ?? initialLanguage()) === 'bn')
  void applyLanguage('bn')
    .catch(() => undefined)
    .then(render);
else render();
