// BENCH FIXTURE: single-spa's root config, as its docs set one up (create-single-spa's template):
// SystemJS loads it from the page's import map, it registers the application by the name the
// import map gives it, active on the referrals page, and starts single-spa. The peer a team would
// pick instead of this platform, measured against the same page content.
import { registerApplication, start } from 'single-spa';

declare const System: { import(name: string): Promise<never> };

registerApplication({
  name: '@bench/referrals',
  app: () => System.import('@bench/referrals'),
  activeWhen: ['/referrals'],
});

start();
