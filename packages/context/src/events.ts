/**
 * The events feature areas announce to each other, by name, with the payload
 * each carries. One remote emits, others react, and none imports another.
 *
 * Events other teams react to are part of the contract: add them here (a minor
 * version of this package). A remote can also declare events of its own by
 * declaration merging, in any of its .ts files:
 *
 *   declare module '@mfe/context' {
 *     interface PlatformEvents {
 *       'payments:card-saved': { readonly last4: string };
 *     }
 *   }
 *
 * Names are `<area>:<what-happened>`, in the past tense. Payloads are plain
 * data (they may cross versions of remotes): no functions, no class instances.
 */
export interface PlatformEvents {
  /** The referrals area sent an invitation. */
  'referrals:invite-sent': { readonly email: string; readonly sentAt: string };
}

export type PlatformEventName = keyof PlatformEvents & string;
export type EventHandler<K extends PlatformEventName> = (payload: PlatformEvents[K]) => void;
export type Unsubscribe = () => void;

export interface SubscribeOptions {
  /** Also call the handler at once with the last payload emitted before subscribing (if any). */
  readonly replayLast?: boolean;
}

/** The event bus a remote gets as `useHost().events`. */
export interface EventBus {
  emit<K extends PlatformEventName>(name: K, payload: PlatformEvents[K]): void;
  /** Subscribes until the returned function is called, or at the latest until the remote unmounts. */
  on<K extends PlatformEventName>(name: K, handler: EventHandler<K>, options?: SubscribeOptions): Unsubscribe;
}

/** The host's side: one bus per page, and a scope per mounted remote that ends its subscriptions. */
export interface RootEventBus extends EventBus {
  /** A view of the bus whose subscriptions all end with `dispose()` (the host calls it when the remote unmounts). */
  scope(owner: string): EventBus & { dispose(): void };
  /** Live subscriptions, for diagnostics and leak tests. */
  subscriptionCount(): number;
}

type AnyHandler = (payload: unknown) => void;

/**
 * Creates the page's event bus. A handler that throws is reported through
 * `onHandlerError` and does not stop the other handlers or the emitter.
 */
export function createEventBus(
  onHandlerError: (error: unknown, name: string) => void = (error) => console.error(error),
): RootEventBus {
  const handlers = new Map<string, Set<AnyHandler>>();
  const last = new Map<string, unknown>();
  let count = 0;

  const subscribe = (name: string, handler: AnyHandler, options?: SubscribeOptions): Unsubscribe => {
    // Wrapped so the same function can subscribe twice and be removed once per subscription.
    const entry: AnyHandler = (payload) => handler(payload);
    let set = handlers.get(name);
    if (!set) handlers.set(name, (set = new Set()));
    set.add(entry);
    count += 1;
    if (options?.replayLast && last.has(name)) call(name, entry, last.get(name));
    let active = true;
    return () => {
      if (!active) return;
      active = false;
      set.delete(entry);
      count -= 1;
    };
  };

  const call = (name: string, handler: AnyHandler, payload: unknown) => {
    try {
      handler(payload);
    } catch (error) {
      onHandlerError(error, name);
    }
  };

  const emit = (name: string, payload: unknown) => {
    last.set(name, payload);
    for (const handler of [...(handlers.get(name) ?? [])]) call(name, handler, payload);
  };

  const root: RootEventBus = {
    emit: emit as EventBus['emit'],
    on: subscribe as EventBus['on'],
    scope() {
      const mine = new Set<Unsubscribe>();
      return {
        emit: emit as EventBus['emit'],
        on: ((name: string, handler: AnyHandler, options?: SubscribeOptions) => {
          const unsubscribe = subscribe(name, handler, options);
          const tracked = () => {
            mine.delete(tracked);
            unsubscribe();
          };
          mine.add(tracked);
          return tracked;
        }) as EventBus['on'],
        dispose() {
          for (const unsubscribe of [...mine]) unsubscribe();
        },
      };
    },
    subscriptionCount: () => count,
  };
  return root;
}
