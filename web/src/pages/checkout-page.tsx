import { PlaceholderPage } from './placeholder-page';

/** /checkout (SPEC §2 "Checkout"): the card payment page arrives with the checkout issue. */
export default function CheckoutPage() {
  return (
    <PlaceholderPage title="Checkout" belowNavigation>
      Secure card checkout is on its way.
    </PlaceholderPage>
  );
}
