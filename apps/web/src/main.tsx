import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app/providers';
import { AppRouter } from './app/router';
import './index.css';

// The first render as a transition: React renders it in slices, yielding to the browser between
// them, instead of one long task that blocks input while the page starts. (The page's own chunk is
// already on its way, see build/route-preload.ts.)
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
