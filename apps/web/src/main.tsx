import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app/providers';
import { AppRouter } from './app/router';
import { applyLanguage, initialLanguage } from './lib/language';
import { pathLanguage } from './lib/page-language';
import './index.css';

// The first render as a transition: React renders it in slices, yielding to the browser between
// them, instead of one long task that blocks input while the page starts. (The page's own chunk is
// already on its way, see build/route-preload.ts.)
function render() {
  const root = createRoot(document.getElementById('root')!);
  startTransition(() =>
    root.render(
      <StrictMode>
        <AppProviders>
          <AppRouter />
        </AppProviders>
      </StrictMode>,
    ),
  );
}

// A public page's address names its language (/bn/... Bangla); a signed-in screen follows the
// stored choice. In Bangla, the shell's Bangla texts load first (English is already here).
if ((pathLanguage(window.location.pathname) ?? initialLanguage()) === 'bn')
  void applyLanguage('bn')
    .catch(() => undefined)
    .then(render);
else render();
