import { defineMessages } from '@mfe/context';
import { failureMessages } from './failure-messages';

/**
 * The shell's own texts, in the product's default language (English); their translations are
 * `catalogues/<locale>.json`, one chunk per locale loaded only for the page's. `shell-messages.test.ts`
 * fails when a shipped catalogue lacks a key, has one the code does not, or breaks a placeholder.
 */
export const shellMessages = {
  ...failureMessages,
  ...defineMessages({
    skipToContent: { id: 'shell.skipToContent', defaultMessage: 'Skip to content' },
    featureAreas: {
      id: 'shell.featureAreas',
      defaultMessage: 'Feature areas',
      description: 'Label of the navigation between feature areas',
    },
    signIn: { id: 'shell.signIn', defaultMessage: 'Sign in' },
    signOut: { id: 'shell.signOut', defaultMessage: 'Sign out' },
    signedInAs: {
      id: 'shell.signedInAs',
      defaultMessage: 'You are signed in as {name}.',
      description: 'Said after returning from the sign-in page',
    },
    signedOut: {
      id: 'shell.signedOut',
      defaultMessage: 'You are signed out.',
      description: 'Said after returning from signing out',
    },
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
    areaUnavailable: { id: 'area.unavailable', defaultMessage: '{label} is unavailable right now' },
    areaNeedsUpdate: { id: 'area.needsUpdate', defaultMessage: '{label} needs an update' },
    restOfAppWorks: {
      id: 'area.restOfAppWorks',
      defaultMessage: 'The rest of the app still works. You can retry, or use another area from the menu.',
    },
    retry: { id: 'area.retry', defaultMessage: 'Retry' },
    areaStale: {
      id: 'area.stale',
      defaultMessage:
        'A newer version was deployed and part of it could not be loaded. Retry to load the current version.',
    },
    areaThrew: { id: 'area.threw', defaultMessage: 'It stopped with an error: {message}' },
    contributionLoading: { id: 'slot.loading', defaultMessage: 'Loading {label}…' },
    contributionFailed: {
      id: 'slot.failed',
      defaultMessage: '{label} could not be shown. The rest of this page still works.',
    },
    contributionGaveUp: {
      id: 'slot.gaveUp',
      defaultMessage: '{label} could not be shown. The rest of this page still works; reload the page to try again.',
    },
    contributionFrom: { id: 'slot.from', defaultMessage: 'Part from {label}' },
    contributionInHeader: { id: 'slot.in.header', defaultMessage: '{label} in the header' },
    contributionOnHome: { id: 'slot.in.home', defaultMessage: '{label} on the home page' },
    contributionShownAgain: { id: 'slot.shownAgain', defaultMessage: '{label} is shown again.' },
    contributionNotShown: { id: 'slot.notShown', defaultMessage: '{label}: not shown' },
    areaUpdating: { id: 'area.updating', defaultMessage: 'Loading the current version of {label}…' },
    sessionExpired: { id: 'session.expired', defaultMessage: 'Your session has expired.' },
    sessionExpiredText: {
      id: 'session.expiredText',
      defaultMessage: 'Sign in again to continue; you will come back to this page.',
    },
    signInAgain: { id: 'session.signInAgain', defaultMessage: 'Sign in again' },
    signedOutTitle: { id: 'session.signedOutTitle', defaultMessage: 'You signed out' },
    signedOutElsewhere: {
      id: 'session.signedOutElsewhere',
      defaultMessage: 'You signed out of the app in another tab, so this page is closed too.',
    },
    signInUnavailable: { id: 'session.signInUnavailable', defaultMessage: 'Sign-in is unavailable' },
    startupFailed: { id: 'startup.failed', defaultMessage: 'The app could not start' },
    areasFailed: { id: 'startup.areasFailed', defaultMessage: 'The app could not load its feature areas' },
    signInNotCompleted: { id: 'signIn.notCompleted', defaultMessage: 'Sign-in could not be completed' },
    signingIn: { id: 'signIn.completing', defaultMessage: 'Signing you in…' },
    signingInText: {
      id: 'signIn.completingText',
      defaultMessage: 'You are back from the sign-in page; this takes a moment.',
    },
    signInCancelled: { id: 'signIn.cancelled', defaultMessage: 'Sign-in was cancelled' },
    signInCancelledText: {
      id: 'signIn.cancelledText',
      defaultMessage:
        'You cancelled signing in, or the provider refused access. You can sign in again whenever you like.',
    },
    signInCodeUsed: {
      id: 'signIn.codeUsed',
      defaultMessage: 'The sign-in code was already used or has expired. Sign in again.',
    },
    signInProviderAnswered: {
      id: 'signIn.providerAnswered',
      defaultMessage:
        'The sign-in provider answered "{error}"{description}. Sign in again; if it keeps happening, contact support.',
    },
    signInOtherTab: {
      id: 'signIn.otherTab',
      defaultMessage:
        'This sign-in response does not belong to a sign-in started in this browser tab (it may have been used already). Sign in again.',
    },
    signInUnreachable: { id: 'signIn.unreachable', defaultMessage: 'The sign-in provider could not be reached' },
    signInUnreachableText: {
      id: 'signIn.unreachableText',
      defaultMessage: 'Check your connection and sign in again in a moment.',
    },
    signInFailedWith: { id: 'signIn.failedWith', defaultMessage: '{detail} Sign in again.' },
    noAccessTitle: { id: 'access.noAccessTitle', defaultMessage: 'No access to {label}' },
    noAccess: {
      id: 'access.noAccess',
      defaultMessage:
        '{label} needs {requirement}, which your account does not have. Ask your administrator if you need it.',
    },
    requiredRoles: { id: 'access.requiredRoles', defaultMessage: 'the role {roles}' },
    requiredScopes: {
      id: 'access.requiredScopes',
      defaultMessage: '{count, plural, one {the permission {scopes}} other {the permissions {scopes}}}',
    },
  }),
};
