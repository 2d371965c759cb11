import { defineRemote } from '@mfe/context';
import { AccountApp } from './AccountApp';

export default defineRemote({ App: AccountApp });
