import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import './shared/i18n';
import { loadLanguage } from './shared/i18n';
import { useAppState } from './shared/state/store';

const language = useAppState.getState().language;
if (language !== 'pt') void loadLanguage(language).then((loaded) => useAppState.getState().setLanguage(loaded));

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
