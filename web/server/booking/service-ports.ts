import type { AppDeps } from '../deps.js';

/**
 * The ports the server's booking services share, from the server's dependencies: Stripe
 * (`deps.payments`, undefined when off), the mailer, the logger, the clock (`deps.now`, else the
 * system clock) and the public URL. Stripe, the mailer and the URL are read from `deps` at each
 * use, as getters: a service outlives a change of them.
 */
export function portsOf(deps: AppDeps) {
  return {
    get payments() {
      return deps.payments;
    },
    get mailer() {
      return deps.mailer;
    },
    logger: deps.logger,
    now: () => deps.now?.() ?? new Date(),
    get publicUrl() {
      return deps.config.publicUrl;
    },
  };
}

/** What `portsOf` answers. */
export type ServerPorts = ReturnType<typeof portsOf>;

/**
 * Builds a core service with `create` over the shared ports of `portsOf(deps)` and the
 * service's `own` ports (its store, its callbacks; getters stay getters), checked against the
 * rest of the service's ports type.
 */
export function createWithPortsOf<P, R>(deps: AppDeps, create: (ports: P) => R, own: Omit<P, keyof ServerPorts>): R {
  return create(Object.defineProperties(portsOf(deps), Object.getOwnPropertyDescriptors(own)) as unknown as P);
}
