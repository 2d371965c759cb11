import { defineRemote } from '@mfe/context';
import { ReferralsApp } from './ReferralsApp';

export default defineRemote({
  App: ReferralsApp,
  // One chunk per locale, from this build's folder under its integrity; only the page's is fetched.
  messages: (locale) =>
    import(/* webpackChunkName: "locale-[request]" */ `./locales/${locale}.json`).then(
      (module: { default: Record<string, string> }) => module.default,
    ),
});
