import { defineRemote } from '@mfe/context';
import { ReferralsApp } from './ReferralsApp';

export default defineRemote({ App: ReferralsApp });
