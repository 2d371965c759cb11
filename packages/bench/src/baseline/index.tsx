// BENCH FIXTURE: the baseline. The host's own shell and sign-in code (its public single-bundle
// entry), with the two remotes imported statically and no Module Federation at all, so the
// benchmark's difference is exactly what composition costs.
import account from '@mfe/account';
import { startSingleBundle } from '@mfe/host/single-bundle';
import referrals from '@mfe/referrals';

void startSingleBundle([
  { name: 'referrals', path: '/referrals', label: 'Referrals', order: 10, module: referrals },
  { name: 'account', path: '/account', label: 'Account', order: 20, module: account },
]);
