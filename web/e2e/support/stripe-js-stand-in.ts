import type { Page, Route } from '@playwright/test';
import type { StripeStandIn } from '../../server/test-support/stripe-stand-in';

/**
 * A stand-in for Stripe.js (`https://js.stripe.com/<release>/stripe.js`) for the browser tests,
 * served by intercepting the script request, with what `@stripe/stripe-js`'s `loadStripe` and
 * `@stripe/react-stripe-js` use:
 *
 * - `window.Stripe(publishableKey)`, with `Stripe.version` naming the release `loadStripe` expects;
 * - `stripe.elements({ clientSecret })` → `create('payment')`, `getElement`, `update`, `submit`;
 *   the Payment Element mounts a plain "Card number" field (no iframe) that maps Stripe's test
 *   card numbers to the API stand-in's payment methods: 4242 4242 4242 4242 → pm_card_visa,
 *   5555 5555 5555 4444 → pm_card_mastercard, 3782 822463 10005 → pm_card_amex,
 *   4000 0000 0000 0002 → pm_card_chargeDeclined. It emits `ready` and `change`;
 * - `stripe.confirmPayment({ elements, redirect, confirmParams })` → POST
 *   `https://api.stripe.com/v1/payment_intents/{id}/confirm` with the publishable key, as
 *   Stripe.js does, resolving `{ paymentIntent }` or `{ error }` (Stripe's error object). A network
 *   failure rejects, so tests can reach the page's exception path;
 * - `_registerWrapper`, `registerAppInfo` and the card methods react-stripe-js checks for.
 *
 * `routeStripe` serves it and forwards `https://api.stripe.com/*` to the API stand-in, so the
 * page talks to the hosts the server's CSP allows, just as with real Stripe.
 */
export const STRIPE_JS_RELEASE = 'endive';

export const STRIPE_JS_STAND_IN = `(() => {
  'use strict';
  const API = 'https://api.stripe.com';
  const CARDS = {
    '4242424242424242': 'pm_card_visa',
    '5555555555554444': 'pm_card_mastercard',
    '378282246310005': 'pm_card_amex',
    '4000000000000002': 'pm_card_chargeDeclined',
  };

  function paymentElement() {
    const handlers = {};
    let root = null;
    let input = null;
    const emit = (event, payload) => (handlers[event] || []).slice().forEach((h) => h(payload));
    const digits = () => (input ? input.value.replace(/\\s+/g, '') : '');
    const element = {
      mount(target) {
        const host = typeof target === 'string' ? document.querySelector(target) : target;
        root = document.createElement('div');
        root.dataset.stripeStandIn = 'payment-element';
        const label = document.createElement('label');
        label.textContent = 'Card number';
        label.style.cssText = 'display:grid;gap:6px;font-size:14px;font-weight:500';
        input = document.createElement('input');
        input.autocomplete = 'cc-number';
        input.inputMode = 'numeric';
        input.placeholder = '1234 1234 1234 1234';
        input.style.cssText = 'height:40px;padding:0 12px;border:1px solid #d9d1c3;border-radius:8px;font:inherit';
        input.addEventListener('input', () => {
          const value = digits();
          emit('change', { elementType: 'payment', empty: value === '', complete: Boolean(CARDS[value]), value: { type: 'card' } });
        });
        label.appendChild(input);
        root.appendChild(label);
        host.appendChild(root);
        setTimeout(() => emit('ready', { elementType: 'payment' }), 0);
      },
      unmount() {
        if (root) root.remove();
        root = null;
      },
      destroy() {
        element.unmount();
      },
      on(event, handler) {
        (handlers[event] = handlers[event] || []).push(handler);
        return element;
      },
      off(event, handler) {
        handlers[event] = (handlers[event] || []).filter((h) => h !== handler);
        return element;
      },
      once(event, handler) {
        const wrapped = (payload) => {
          element.off(event, wrapped);
          handler(payload);
        };
        return element.on(event, wrapped);
      },
      update() {},
      focus() {
        if (input) input.focus();
      },
      blur() {
        if (input) input.blur();
      },
      clear() {
        if (input) input.value = '';
      },
      collapse() {},
      _digits: digits,
    };
    return element;
  }

  function Stripe(key) {
    if (typeof key !== 'string' || !key.startsWith('pk_')) throw new Error('Invalid publishable key: ' + key);
    const notSupported = () => Promise.resolve({ error: { type: 'invalid_request_error', message: 'Not supported by the Stripe.js stand-in' } });
    return {
      elements(options) {
        const created = {};
        return {
          _clientSecret: options && options.clientSecret,
          create(type) {
            if (type !== 'payment') throw new Error('The Stripe.js stand-in only has the Payment Element');
            created[type] = paymentElement();
            return created[type];
          },
          getElement(type) {
            return created[type] || null;
          },
          update() {},
          fetchUpdates() {
            return Promise.resolve({});
          },
          submit() {
            const el = created.payment;
            return Promise.resolve(el && CARDS[el._digits()] ? {} : { error: { type: 'validation_error', message: 'Your card number is incomplete.' } });
          },
        };
      },
      async confirmPayment({ elements, clientSecret, confirmParams }) {
        const element = elements && elements.getElement('payment');
        const number = element ? element._digits() : '';
        if (number === '') return { error: { type: 'validation_error', code: 'incomplete_number', message: 'Your card number is incomplete.' } };
        const paymentMethod = CARDS[number];
        if (!paymentMethod) return { error: { type: 'validation_error', code: 'invalid_number', message: 'Your card number is invalid.' } };
        const secret = (elements && elements._clientSecret) || clientSecret;
        const id = String(secret).split('_secret_')[0];
        const body = new URLSearchParams({ payment_method: paymentMethod, client_secret: secret });
        if (confirmParams && confirmParams.return_url) body.set('return_url', confirmParams.return_url);
        const res = await fetch(API + '/v1/payment_intents/' + encodeURIComponent(id) + '/confirm', {
          method: 'POST',
          headers: { Authorization: 'Bearer ' + key, 'Content-Type': 'application/x-www-form-urlencoded' },
          body: body.toString(),
        });
        const json = await res.json();
        return res.ok ? { paymentIntent: json } : { error: json.error };
      },
      createToken: notSupported,
      createPaymentMethod: notSupported,
      confirmCardPayment: notSupported,
      retrievePaymentIntent: notSupported,
      registerAppInfo() {},
      _registerWrapper() {},
    };
  }
  Stripe.version = '${STRIPE_JS_RELEASE}';
  window.Stripe = Stripe;
})();`;

/** Every Stripe.js URL `loadStripe` may inject (`/v3`, `/<release>/stripe.js`, with a query). */
export const STRIPE_JS_URL = /^https:\/\/js\.stripe\.com\//;

export interface RouteStripeOptions {
  /** Called before each call to the API (e.g. to hold a confirmation while the test looks). */
  beforeApiCall?: (route: Route) => Promise<void> | void;
}

/**
 * Serves the Stripe.js stand-in for `page` and forwards its calls to `https://api.stripe.com` to
 * the API stand-in. Returns the Stripe.js URLs the page requested.
 */
export async function routeStripe(page: Page, api: StripeStandIn, options: RouteStripeOptions = {}): Promise<string[]> {
  const scripts: string[] = [];
  await page.route(STRIPE_JS_URL, async (route) => {
    scripts.push(route.request().url());
    await route.fulfill({ status: 200, contentType: 'application/javascript; charset=utf-8', body: STRIPE_JS_STAND_IN });
  });
  await page.route('https://api.stripe.com/**', async (route) => {
    await options.beforeApiCall?.(route);
    const url = new URL(route.request().url());
    const response = await route.fetch({ url: `${api.url}${url.pathname}${url.search}` });
    await route.fulfill({ response });
  });
  return scripts;
}
