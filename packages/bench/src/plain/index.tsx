// BENCH FIXTURE: the plain React page, the floor for any React page. The public referrals page's
// content (header, heading, text, illustration, button) in one bundle: React 19, no router, no
// sign-in, no federation. What a visitor of the platform's public page is compared with.
import { createRoot } from 'react-dom/client';
import { PlainPage } from './page';

createRoot(document.getElementById('root')!).render(<PlainPage />);
