import { defineMessages } from '@mfe/context';

/**
 * The shell's own texts, in the product's default language (English); their translations are
 * `catalogues/<locale>.json`, one chunk per locale loaded only for the page's. `shell-messages.test.ts`
 * fails when a shipped catalogue lacks a key, has one the code does not, or breaks a placeholder.
 */
export const shellMessages = defineMessages({
  skipToContent: { id: 'shell.skipToContent', defaultMessage: 'Skip to content' },
  featureAreas: { id: 'shell.featureAreas', defaultMessage: 'Feature areas', description: 'Label of the navigation between feature areas' },
  signIn: { id: 'shell.signIn', defaultMessage: 'Sign in' },
  signOut: { id: 'shell.signOut', defaultMessage: 'Sign out' },
  signedInAs: { id: 'shell.signedInAs', defaultMessage: 'You are signed in as {name}.', description: 'Said after returning from the sign-in page' },
  signedOut: { id: 'shell.signedOut', defaultMessage: 'You are signed out.', description: 'Said after returning from signing out' },
  language: { id: 'shell.language', defaultMessage: 'Language', description: 'Label of the language menu' },
  diagnostics: { id: 'shell.diagnostics', defaultMessage: 'Diagnostics' },
  welcome: { id: 'home.welcome', defaultMessage: 'Welcome to {productName}' },
  hello: { id: 'home.hello', defaultMessage: 'Hello, {name}.' },
  restoring: { id: 'home.restoring', defaultMessage: 'Restoring your session…' },
  signInToUse: { id: 'home.signInToUse', defaultMessage: 'Sign in to use the feature areas.' },
  notFoundTitle: { id: 'notFound.title', defaultMessage: 'Page not found' },
  notFoundBody: { id: 'notFound.body', defaultMessage: 'Nothing lives at {path}. Check the address.' },
  notFoundHome: { id: 'notFound.home', defaultMessage: 'Go to the home page' },
  loadingArea: { id: 'area.loading', defaultMessage: 'Loading {label}…' },
  consentTitle: { id: 'consent.title', defaultMessage: 'Your privacy choices' },
  consentBody: {
    id: 'consent.body',
    defaultMessage:
      '{productName} would like to use {needs, select, analytics {analytics and error reports to find and fix problems} marketing {marketing tags from a third party} other {analytics and error reports to find and fix problems, and marketing tags from a third party}}. Nothing is sent until you choose; signing in and using the app do not depend on it.',
  },
  consentAccept: { id: 'consent.accept', defaultMessage: 'Accept' },
  consentDecline: { id: 'consent.decline', defaultMessage: 'Decline' },
});
