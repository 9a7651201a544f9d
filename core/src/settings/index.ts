/** The owner's settings ([settings.fields]): schema, defaults, presets. Browser-safe. */
export * from './schema.js';
export * from './fannin-county.js';
export * from './stay-rules.js';
export * from './compliance.js';
export * from './cancellation-policy.js';
export * from './go-live.js';
