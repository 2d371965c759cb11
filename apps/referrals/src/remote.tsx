import { defineRemote } from '@mfe/context';
import { catalogue } from './catalogue';
import { ReferralsApp } from './ReferralsApp';

export default defineRemote({ App: ReferralsApp, messages: catalogue });
