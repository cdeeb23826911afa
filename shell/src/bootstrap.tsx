import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { Toaster } from '@dayframe/web-kit';
import { App, startSignedInArea } from './app.tsx';
import './styles.css';

startSignedInArea(location.pathname);
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    {/* Navigations apply at once rather than as transitions: Log Out navigates and ends the
        session in one handler, and as a transition the guard would see the ended session first
        and send the user to /login instead of /signup. */}
    <BrowserRouter useTransitions={false}>
      <App />
      <Toaster />
    </BrowserRouter>
  </StrictMode>,
);
