/** The listing ([listing.fields]): schema, defaults, the public view. Browser-safe. */
export * from './listing.js';
export * from './listing-schema.js';
export * from './structured-data.js';
