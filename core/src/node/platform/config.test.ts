import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig (README "Configuration", [config.validation])', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      dataDir: './data',
      publicUrl: 'http://localhost:3000',
      trustProxy: 0,
      adminPassword: undefined,
      securityPassword: undefined,
    });
    expect(config.stripe.secretKey).toBeUndefined();
  });

  it('derives PUBLIC_URL from PORT and strips a trailing slash from a given one', () => {
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PUBLIC_URL: 'https://stay.example.com/' }).publicUrl).toBe('https://stay.example.com');
  });

  it('treats empty strings as unset', () => {
    expect(loadConfig({ PORT: '', ADMIN_PASSWORD: '' })).toMatchObject({ port: 3000, adminPassword: undefined });
  });

  it('names every bad variable in one error', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'abc', PUBLIC_URL: 'ftp://x', ADMIN_PASSWORD: 'short', TRUST_PROXY: '-1' });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as ConfigError).message;
    expect(message).toContain('PORT');
    expect(message).toContain('PUBLIC_URL: must be an http:// or https:// URL');
    expect(message).toContain('ADMIN_PASSWORD: must be at least 8 characters');
    expect(message).toContain('TRUST_PROXY');
    expect((error as ConfigError).problems).toHaveLength(4);
  });

  it('reads RATE_LIMIT_MAX=0 as "no /api limit" and refuses a negative or fractional one', () => {
    expect(loadConfig({}).rateLimit.max).toBe(100);
    expect(loadConfig({ RATE_LIMIT_MAX: '0' }).rateLimit.max).toBe(0);
    expect(() => loadConfig({ RATE_LIMIT_MAX: '-1' })).toThrow(/RATE_LIMIT_MAX: must be 0 \(off\) or more/);
    expect(() => loadConfig({ RATE_LIMIT_MAX: '1.5' })).toThrow(/RATE_LIMIT_MAX: must be a whole number/);
  });

  it('reads PAYMENT_INTENT_LIMIT as PaymentIntents per client IP per hour (default 10), refusing 0 and fractions', () => {
    expect(loadConfig({}).paymentIntentLimit).toEqual({ max: 10, windowMs: 3_600_000 });
    expect(loadConfig({ PAYMENT_INTENT_LIMIT: '25' }).paymentIntentLimit.max).toBe(25);
    expect(() => loadConfig({ PAYMENT_INTENT_LIMIT: '0' })).toThrow(/PAYMENT_INTENT_LIMIT: must be at least 1/);
    expect(() => loadConfig({ PAYMENT_INTENT_LIMIT: '2.5' })).toThrow(/PAYMENT_INTENT_LIMIT: must be a whole number/);
  });

  it('reads MAX_HELD_NIGHTS as the nights live holds may close together (default 60), refusing 0 and fractions ([checkout.hold-cap])', () => {
    expect(loadConfig({}).maxHeldNights).toBe(60);
    expect(loadConfig({ MAX_HELD_NIGHTS: '90' }).maxHeldNights).toBe(90);
    expect(() => loadConfig({ MAX_HELD_NIGHTS: '0' })).toThrow(/MAX_HELD_NIGHTS: must be at least 1/);
    expect(() => loadConfig({ MAX_HELD_NIGHTS: '7.5' })).toThrow(/MAX_HELD_NIGHTS: must be a whole number/);
    expect(() => loadConfig({ MAX_HELD_NIGHTS: 'many' })).toThrow(/MAX_HELD_NIGHTS: must be a whole number/);
  });

  it('rejects a port out of range', () => {
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT: must be from 0 to 65535/);
  });

  it('DEMO_CONTENT: true or false, default true unless NODE_ENV=production ([config.demo-content])', () => {
    expect(loadConfig({}).demoContent).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).demoContent).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).demoContent).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', DEMO_CONTENT: '' }).demoContent).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', DEMO_CONTENT: 'true' }).demoContent).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development', DEMO_CONTENT: 'false' }).demoContent).toBe(false);
    for (const bad of ['yes', '1', 'TRUE', 'off']) {
      expect(() => loadConfig({ DEMO_CONTENT: bad })).toThrow(ConfigError);
      expect(() => loadConfig({ DEMO_CONTENT: bad })).toThrow(/DEMO_CONTENT: must be true or false/);
    }
  });
});
