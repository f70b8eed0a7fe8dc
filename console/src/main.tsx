import 'fomantic-ui-css/semantic.min.css';
import './layout/themes.css';
import './layout/layout.css';
import './i18n/index.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { installDialogFocus } from './components/dialogFocus.ts';

installDialogFocus();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
