import { defineRemote } from '@mfe/context';
import { AccountApp } from './AccountApp';

export default defineRemote({
  App: AccountApp,
  // One chunk per locale, from this build's folder under its integrity; only the page's is fetched.
  messages: (locale) =>
    import(/* webpackChunkName: "locale-[request]" */ `./locales/${locale}.json`).then(
      (module: { default: Record<string, string> }) => module.default,
    ),
});
