/**
 * Test support (imported by tests only): a `PaymentGateway` whose every call fails with "not
 * used", with the calls a test is about given as `over`. Tests of the booking domain's services
 * state only the Stripe calls they expect; any other call fails the test loudly.
 */
import type { PaymentGateway } from '../payment-gateway.js';

const notUsed = () => Promise.reject(new Error('not used'));

export function testGateway(over: Partial<PaymentGateway> = {}): PaymentGateway {
  return {
    webhooksEnabled: true,
    createCustomer: notUsed,
    chargeSavedCard: notUsed,
    createPaymentIntent: notUsed,
    retrievePaymentIntent: notUsed,
    cancelPaymentIntent: notUsed,
    authorizeHold: notUsed,
    capturePaymentIntent: notUsed,
    createRefund: notUsed,
    listRefunds: notUsed,
    readPaymentIntentMoney: notUsed,
    searchPaymentIntents: notUsed,
    verifyWebhook: () => {
      throw new Error('not used');
    },
    ...over,
  };
}
