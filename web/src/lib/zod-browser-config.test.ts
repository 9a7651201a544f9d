// vitest: isolate (zod reads its global config when first imported)
import { describe, expect, it } from 'vitest';

describe('zod-browser-config', () => {
  it('turns zod jitless in the browser, so creating a schema never probes new Function', async () => {
    await import('./api');
    const { util, globalConfig } = await import('zod/v4/core');
    expect(globalConfig.jitless).toBe(true);
    // jsdom allows eval: without the config this probe would answer true.
    expect(util.allowsEval.value).toBe(false);
  });
});
