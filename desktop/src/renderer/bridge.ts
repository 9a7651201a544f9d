/** The preload's `window.ridgeline` (../shared/ridgeline-api.ts), the renderer's only way out. */
import type { RidgelineApi } from '../shared/ridgeline-api';

declare global {
  interface Window {
    ridgeline?: RidgelineApi;
  }
}

/** The bridge, or undefined when this page is not running inside Ridgeline Owner. */
export function getBridge(): RidgelineApi | undefined {
  return window.ridgeline;
}
