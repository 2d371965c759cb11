// BENCH FIXTURE: the example's remote: the referrals page's content, exposed as `./Area`.
export { PlainArea as default } from '../../plain/page';
