/**
 * Hostile inputs for the server's hostile-input suite: values that are the wrong type, strings
 * that attack a layer below (SQL, HTML, Unicode handling) and raw bodies that are not what an
 * endpoint reads.
 */

/** Strings an attacker sends; which of them a field must refuse depends on the field's kind. */
export const HOSTILE_STRINGS = {
  sqlQuote: "x' OR '1'='1",
  sqlDrop: "'; DROP TABLE reviews; --",
  sqlUnion: '1 UNION SELECT token_hash FROM sessions --',
  htmlImg: '<img src=x onerror="window.__xss=1">',
  htmlScript: '<script>window.__xss=1</script>',
  emoji: '🏔️👨‍👩‍👧‍👦🔥',
  nul: 'a\u0000b',
  bell: 'ring\u0007ring',
  escape: 'red\u001b[31mtext',
  loneHighSurrogate: 'a\ud800b',
  loneLowSurrogate: 'a\udfffb',
  rtlOverride: 'invoice\u202Egpj.exe',
  bidiIsolate: 'a\u2066b\u2069c',
  long: 'x'.repeat(10_000),
} as const;
export type HostileStringName = keyof typeof HOSTILE_STRINGS;

/** Strings a plain-text field must refuse: they corrupt, spoof or are far too long. */
export const UNSAFE_TEXT: readonly HostileStringName[] = [
  'nul',
  'bell',
  'escape',
  'loneHighSurrogate',
  'loneLowSurrogate',
  'rtlOverride',
  'bidiIsolate',
  'long',
];
/** Strings a free-text field keeps as they are (they are only text). */
export const SAFE_TEXT: readonly HostileStringName[] = ['sqlQuote', 'sqlDrop', 'sqlUnion', 'htmlImg', 'htmlScript', 'emoji'];

/** JSON values of the wrong type for any field. */
export const WRONG_TYPES: readonly [string, unknown][] = [
  ['null', null],
  ['true', true],
  ['false', false],
  ['an empty array', []],
  ['an array', ['2026-12-10']],
  ['an object', { $gt: '' }],
  ['a nested object', { toString: 'x', valueOf: 1 }],
];
/** Numbers no count, id or amount may be. */
export const BAD_NUMBERS: readonly [string, unknown][] = [
  ['zero', 0],
  ['negative', -1],
  ['fractional', 1.5],
  ['huge', 1e308],
  ['unsafe integer', 2 ** 53 + 2],
  ['numeric text with junk', '4; DROP TABLE reviews'],
  ['hex text', '0x4'],
  ['exponent text', '4e0x'],
];

export interface RawBody {
  name: string;
  contentType?: string;
  contentEncoding?: string;
  body: string | Buffer;
  /** The status the body parser answers (defaults to any 4xx). */
  status?: number;
}

/**
 * Bodies that are not a JSON object for endpoints that read one: broken JSON, JSON that is not
 * an object, other content types and encodings, and bodies over the 100 kB limit.
 * @param valid a valid body for the endpoint, sent under the wrong content types
 */
export function rawBodyAttacks(valid: object): RawBody[] {
  const json = JSON.stringify(valid);
  const form = new URLSearchParams(Object.entries(valid).map(([k, v]) => [k, typeof v === 'object' ? JSON.stringify(v) : String(v)])).toString();
  return [
    { name: 'truncated JSON', contentType: 'application/json', body: json.slice(0, -3), status: 400 },
    { name: 'single-quoted JSON', contentType: 'application/json', body: json.replace(/"/g, "'"), status: 400 },
    { name: 'JSON with a trailing comma', contentType: 'application/json', body: json.replace(/}$/, ',}'), status: 400 },
    { name: 'JSON null', contentType: 'application/json', body: 'null', status: 400 },
    { name: 'a JSON string', contentType: 'application/json', body: JSON.stringify(json), status: 400 },
    { name: 'a JSON number', contentType: 'application/json', body: '42', status: 400 },
    { name: 'a JSON array of the valid body', contentType: 'application/json', body: `[${json}]`, status: 400 },
    { name: 'an empty body', contentType: 'application/json', body: '', status: 400 },
    { name: 'invalid UTF-8 bytes', contentType: 'application/json', body: Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0xc3, 0x28, 0x7d]), status: 400 },
    { name: 'UTF-16 bytes sent as UTF-8', contentType: 'application/json', body: Buffer.from(json, 'utf16le'), status: 400 },
    { name: 'a charset JSON never uses', contentType: 'application/json; charset=iso-8859-1', body: json, status: 415 },
    { name: 'an unknown charset', contentType: 'application/json; charset=klingon', body: json, status: 415 },
    { name: 'an unknown content encoding', contentType: 'application/json', contentEncoding: 'br-nope', body: json, status: 415 },
    { name: 'gzip that is not gzip', contentType: 'application/json', contentEncoding: 'gzip', body: json, status: 400 },
    { name: 'deeply nested arrays', contentType: 'application/json', body: `${'['.repeat(20_000)}${']'.repeat(20_000)}`, status: 400 },
    { name: 'a body over 100 kB', contentType: 'application/json', body: JSON.stringify({ ...valid, padding: 'x'.repeat(110 * 1024) }), status: 413 },
    { name: 'the valid body as text/plain', contentType: 'text/plain', body: json },
    { name: 'the valid body as a form', contentType: 'application/x-www-form-urlencoded', body: form },
    { name: 'the valid body as XML', contentType: 'application/xml', body: `<body>${json}</body>` },
    { name: 'the valid body without a content type', body: json },
    {
      name: 'prototype pollution keys only',
      contentType: 'application/json',
      body: '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}',
      status: 400,
    },
  ];
}
