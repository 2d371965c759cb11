// BENCH FIXTURE: the federated floor's area, built as a remote with the platform's preset
// (`remoteConfig`: integrity for every file, the host's singletons shared) and nothing of the
// platform's own: the referrals page's content as a plain React component, its module's default export.
export { PlainArea as default } from '../../../plain/page';
