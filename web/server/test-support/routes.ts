import type { Express } from 'express';

export interface RegisteredRoute {
  method: string;
  path: string;
  /** The session area guarding the route, if any (see `requireSession`). */
  area: 'admin' | 'security' | undefined;
}

interface Layer {
  route?: { path: string; methods: Record<string, boolean>; stack: { handle: { requiresSession?: 'admin' | 'security' } }[] };
  handle?: { stack?: Layer[] };
}

/** Every route registered in the app (Express 5 router), with the area that guards it. */
export function registeredRoutes(app: Express): RegisteredRoute[] {
  const out: RegisteredRoute[] = [];
  const walk = (stack: Layer[]) => {
    for (const layer of stack) {
      if (layer.route) {
        const area = layer.route.stack.map((l) => l.handle.requiresSession).find(Boolean);
        for (const method of Object.keys(layer.route.methods)) out.push({ method: method.toUpperCase(), path: layer.route.path, area });
      } else if (layer.handle?.stack) {
        walk(layer.handle.stack);
      }
    }
  };
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack);
  return out;
}

/** A concrete URL for a route path (`/api/reviews/:id` → `/api/reviews/1`). */
export function concretePath(path: string): string {
  return path
    .replace(':date', '2026-12-01')
    .replace(':paymentIntentId', 'pi_123')
    .replace(':key', 'slide11')
    .replace(/:[A-Za-z]+/g, '1');
}
