import { defineMessages } from '@mfe/context';

/**
 * The account area's texts in the product's default language; translations are
 * `locales/<locale>.json` (`messages.test.ts` checks each shipped one against these).
 */
export const messages = defineMessages({
  title: { id: 'account.title', defaultMessage: 'Your account' },
  sections: { id: 'account.sections', defaultMessage: 'Account sections' },
  claims: { id: 'account.claims', defaultMessage: 'Claims' },
  profile: { id: 'account.profile', defaultMessage: 'Profile' },
  notFoundTitle: { id: 'account.notFoundTitle', defaultMessage: 'Page not found' },
  notFound: { id: 'account.notFound', defaultMessage: 'This account page does not exist.' },
  nobody: { id: 'account.nobody', defaultMessage: 'Nobody is signed in.' },
  signedInAs: { id: 'account.signedInAs', defaultMessage: 'Signed in as {name}' },
  yourClaims: { id: 'account.yourClaims', defaultMessage: 'Your claims' },
  claimsCaption: { id: 'account.claimsCaption', defaultMessage: 'Claims the host received for you' },
  profileLoading: { id: 'account.profileLoading', defaultMessage: 'Asking the account service for your profile…' },
  profileFailed: { id: 'account.profileFailed', defaultMessage: 'Could not load your profile: {reason}' },
  confirmedAs: { id: 'account.confirmedAs', defaultMessage: 'The account service confirmed who you are:' },
  boundToKey: {
    id: 'account.boundToKey',
    defaultMessage: 'Your access is bound to a key only this browser holds: a copy of it is useless elsewhere.',
  },
  bearer: { id: 'account.bearer', defaultMessage: 'Your access is a bearer token.' },
  invited: { id: 'account.invited', defaultMessage: 'You invited {email} during this session.' },
  activity: { id: 'account.activity', defaultMessage: 'Activity' },
  activityBadge: { id: 'account.activity.badge', defaultMessage: '{count, number}' },
  activityCount: {
    id: 'account.activity.count',
    defaultMessage:
      '{count, plural, =0 {no invitations sent in this session} one {# invitation sent in this session} other {# invitations sent in this session}}',
  },
  tileLink: { id: 'account.tile.link', defaultMessage: 'See your profile' },
});
