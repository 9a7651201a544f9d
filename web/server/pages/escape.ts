/** `value` safe inside a double-quoted HTML attribute (index.html's meta tags, the rendered pages' preload links). */
export const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
