import { startGoogleStandIn, type GoogleStandIn } from '../../server/test-support/google-stand-in';
import { ownServerTest } from '../fixtures';

/**
 * Tests against a server of their own wired to a local Google stand-in (GOOGLE_CLIENT_ID/SECRET,
 * GOOGLE_OAUTH_BASE and GOOGLE_API_BASE point at it); the worker's server has no Google client
 * configured. `google` is the stand-in, `ownServer` the server.
 */
export const googleTest = ownServerTest.extend<{ google: GoogleStandIn }>({
  google: async ({}, use) => {
    const google = await startGoogleStandIn();
    await use(google);
    await google.close();
  },
  serverEnv: async ({ google }, use) => {
    await use({
      GOOGLE_CLIENT_ID: google.clientId,
      GOOGLE_CLIENT_SECRET: google.clientSecret,
      GOOGLE_OAUTH_BASE: google.url,
      GOOGLE_API_BASE: google.url,
    });
  },
});
