// A storage area that may be refused (@mfe/context/runtime-utils), under the name the host's modules use.
export { storageOrNull } from '@mfe/context/runtime-utils';
