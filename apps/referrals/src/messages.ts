import { defineMessages } from '@mfe/context';

/**
 * The referrals area's texts in the product's default language; translations are
 * `locales/<locale>.json` (`messages.test.ts` checks each shipped one against these).
 */
export const messages = defineMessages({
  title: { id: 'referrals.title', defaultMessage: 'Referrals' },
  overview: {
    id: 'referrals.overview',
    defaultMessage:
      '{anonymous, select, yes {Hello there.} other {Hello {name}.}} The referrals area is being built; this is where it will live.',
  },
  inviteSomeone: { id: 'referrals.inviteSomeone', defaultMessage: 'Invite someone' },
  notFound: { id: 'referrals.notFound', defaultMessage: 'This referrals page does not exist.' },
  notFoundTitle: { id: 'referrals.notFoundTitle', defaultMessage: 'Page not found' },
  inviteExplained: {
    id: 'referrals.inviteExplained',
    defaultMessage:
      'Sending will reach the referrals service once it exists; for now the invitation is announced to the other areas.',
  },
  email: { id: 'referrals.email', defaultMessage: 'Email' },
  send: { id: 'referrals.send', defaultMessage: 'Send invitation' },
  sent: {
    id: 'referrals.sent',
    defaultMessage: 'Invitation to {email} announced on {sentAt, date, long} at {sentAt, time, short}.',
  },
  back: { id: 'referrals.back', defaultMessage: 'Back to referrals' },
  cardTitle: { id: 'referrals.card.title', defaultMessage: 'Refer a friend' },
  cardText: {
    id: 'referrals.card.text',
    defaultMessage: 'Friends who join with your code start with a month free.',
  },
  cardShowCode: { id: 'referrals.card.showCode', defaultMessage: 'Show my code' },
  cardCode: { id: 'referrals.card.code', defaultMessage: 'Your code: {code}' },
});
