// BENCH FIXTURE: the plain React page on the platform's fixed choices, and nothing of the platform's
// own. Built as a host is (`hostFederationPlugin`: the federation runtime remotes are built against
// and every shared singleton, eager in the first script, react-router as the host provides it) and
// routed by react-router's BrowserRouter, as the host routes. What no page of this platform can be
// faster than, whatever its own code does: the public page's ratio to it is the platform's own cost,
// this page's ratio to the plain React page the cost of the choices themselves.
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router';
import { PlainPage } from '../plain/page';

createRoot(document.getElementById('root')!).render(
  <BrowserRouter>
    <Routes>
      <Route path="*" element={<PlainPage />} />
    </Routes>
  </BrowserRouter>,
);
