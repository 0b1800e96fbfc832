import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, createQueryClient, createRouter } from './App';
import { changeLanguage } from './shared/i18n';
import { useAppState } from './shared/state/store';

// A stored EN/AL choice loads its pack; PT (bundled) is on screen meanwhile and stays on failure.
const stored = useAppState.getState().language;
if (stored !== 'pt') void changeLanguage(stored);

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <App router={createRouter()} queryClient={createQueryClient()} />
  </StrictMode>,
);
