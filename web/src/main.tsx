import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { AppProvider } from '@/app/provider';
import { AppRouter } from '@/app/router';
import { StartupGate } from '@/features/startup/components/startup-gate';
import '@/styles/global.css';

const root = document.getElementById('root');
if (root === null) {
  throw new Error('index.html has no #root element');
}

createRoot(root).render(
  <StrictMode>
    <AppProvider>
      <StartupGate>
        <AppRouter />
      </StartupGate>
    </AppProvider>
  </StrictMode>,
);
