import { defineRemote } from '@mfe/context';
import { AccountApp } from './AccountApp';
import { catalogue } from './catalogue';

export default defineRemote({ App: AccountApp, messages: catalogue });
