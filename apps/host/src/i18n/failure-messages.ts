import { defineMessages } from '@mfe/context';

/**
 * Why an area, or the shell's own code, could not be shown (area-failure.ts, shell-unavailable.ts):
 * part of the shell's texts (`shellMessages`, whose catalogues hold their translations), apart
 * because the first script says them before (or without) the rest of the shell's code.
 */
export const failureMessages = defineMessages({
  failureTimeout: {
    id: 'area.failure.timeout',
    defaultMessage:
      'The "{label}" area took too long to load (over {seconds, number} s). Check your connection and retry.',
  },
  failureUnreachable: {
    id: 'area.failure.unreachable',
    defaultMessage:
      'The "{label}" area could not be loaded. Check your connection and retry; if it keeps failing, its team may be deploying.',
  },
  failureNotExposed: {
    id: 'area.failure.notExposed',
    defaultMessage:
      'The "{label}" area is not a valid feature area (its build does not expose "{expose}"). Its team needs to fix the build.',
  },
  failureNotRemote: {
    id: 'area.failure.notRemote',
    defaultMessage:
      'The "{label}" area is not a valid feature area (its "{expose}" is not made with {expected}). Its team needs to fix the build.',
  },
  failureWrongMount: {
    id: 'area.failure.wrongMount',
    defaultMessage:
      'The "{label}" area was built to run in a root of its own, but its "{expose}" renders in this app\'s tree. Its team needs to expose defineReactRootArea() or defineMountedArea(), or build it for this app\'s tree.',
  },
  failureUnpinned: {
    id: 'area.failure.unpinned',
    defaultMessage:
      'The "{label}" area was not loaded: its build does not pin {files} with their integrity, so an altered copy could run. Its team needs to build it so that every file is pinned (the platform\'s preset does).',
  },
  failureWrongSlot: {
    id: 'area.failure.wrongSlot',
    defaultMessage:
      'A part of "{label}" ({expose}) was written for the slot "{slot}", not "{placed}" where it is placed. Its team needs to place it in its own slot.',
  },
  failureThrewAtStart: {
    id: 'area.failure.threwAtStart',
    defaultMessage:
      'The "{label}" area failed while starting (its code threw: {detail}). Its team needs to fix it; retrying will not help until they do.',
  },
  failureIncompatible: {
    id: 'area.failure.incompatible',
    defaultMessage:
      'The "{label}" area needs an update: it was built for {builtFor}. Its team needs to rebuild it against this app\'s versions; the rest of the app works as usual.',
  },
  builtForPackage: {
    id: 'area.failure.builtForPackage',
    defaultMessage: '{packageName} {required} (this app provides {provided})',
  },
  shellUnavailable: {
    id: 'page.failure.shellUnavailable',
    defaultMessage: 'This page could not finish loading. Check your connection, then reload.',
  },
  reload: { id: 'page.reload', defaultMessage: 'Reload' },
  builtForContract: {
    id: 'area.failure.builtForContract',
    defaultMessage: 'the platform contract {required} (this app provides {provided})',
  },
});
