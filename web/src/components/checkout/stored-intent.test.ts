import { describe, expect, it } from 'vitest';
import { REUSE_WINDOW_MS, readStoredIntent, sessionIntentStore } from './stored-intent';

const intent = { clientSecret: 'pi_1_secret_2', paymentIntentId: 'pi_1', amountCents: 116699 };

function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (k) => map.get(k) ?? null,
    key: (i) => [...map.keys()][i] ?? null,
    removeItem: (k) => void map.delete(k),
    setItem: (k, v) => void map.set(k, v),
  };
}

describe('sessionIntentStore', () => {
  it("reuses this tab's intent for the same checkout within the hold", () => {
    let now = 1_000_000;
    const storage = memoryStorage();
    const store = sessionIntentStore(() => storage, () => now);
    store.save('stay-a', intent);
    expect(store.load('stay-a')).toEqual(intent);
    expect(store.load('stay-b')).toBeUndefined();
    now += REUSE_WINDOW_MS + 1;
    expect(store.load('stay-a')).toBeUndefined();
  });

  it('forgets the intent once paid', () => {
    const storage = memoryStorage();
    const store = sessionIntentStore(() => storage);
    store.save('k', intent);
    store.forget();
    expect(store.load('k')).toBeUndefined();
  });

  it('survives storage that is disabled', () => {
    const store = sessionIntentStore(() => {
      throw new Error('SecurityError');
    });
    expect(() => store.save('k', intent)).not.toThrow();
    expect(store.load('k')).toBeUndefined();
    expect(() => store.forget()).not.toThrow();
  });

  it('ignores malformed or future entries', () => {
    expect(readStoredIntent('nope', 'k', 0)).toBeUndefined();
    expect(readStoredIntent(JSON.stringify({ key: 'k', createdAt: 5, clientSecret: 1 }), 'k', 6)).toBeUndefined();
    expect(readStoredIntent(JSON.stringify({ ...intent, key: 'k', createdAt: 10 }), 'k', 5)).toBeUndefined();
  });
});
