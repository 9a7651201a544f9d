import { describe, expect, it } from 'vitest';
import { agreementProblem, agreementReady, agreementSignatureSchema } from './agreement.js';

/** [agreement.checkout]: the signature a checkout must send once an agreement is published. */
describe('agreementProblem', () => {
  it('asks nothing when no agreement is published', () => {
    expect(agreementProblem(undefined, undefined)).toBeUndefined();
  });
  it('needs a signature of the current version with a non-blank name', () => {
    expect(agreementProblem({ version: 2 }, undefined)).toMatch(/must be accepted/);
    expect(agreementProblem({ version: 2 }, { version: 1, signedName: 'Ann Lee' })).toMatch(/changed \(now version 2\)/);
    expect(agreementProblem({ version: 2 }, { version: 2, signedName: '  ' })).toMatch(/full name/);
    expect(agreementProblem({ version: 2 }, { version: 2, signedName: 'Ann Lee' })).toBeUndefined();
  });
});

describe('agreementSignatureSchema', () => {
  it('trims the name and refuses control characters and a non-integer version', () => {
    expect(agreementSignatureSchema.parse({ version: 3, signedName: ' Ann ' })).toEqual({ version: 3, signedName: 'Ann' });
    expect(agreementSignatureSchema.safeParse({ version: 1.5, signedName: 'Ann' }).success).toBe(false);
    expect(agreementSignatureSchema.safeParse({ version: 1, signedName: 'A\u0007nn' }).success).toBe(false);
  });
});

describe('agreementReady', () => {
  it('enables Pay without an agreement, or once the box is ticked and a name typed', () => {
    expect(agreementReady(null, false, '')).toBe(true);
    expect(agreementReady(1, false, 'Ann Lee')).toBe(false);
    expect(agreementReady(1, true, '   ')).toBe(false);
    expect(agreementReady(1, true, 'Ann Lee')).toBe(true);
  });
});
