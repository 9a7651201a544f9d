import { PROPERTY } from '@ridgeline/core';
import { toast } from '@/hooks/use-toast';
import type { CheckoutOutcome } from './checkout-outcome';

export interface OutcomeToast {
  title: string;
  description: string;
  variant: 'default' | 'destructive';
}

/** The texts of [checkout.outcomes] for success; clear words for each failure. */
export function outcomeToast(outcome: CheckoutOutcome): OutcomeToast {
  switch (outcome) {
    case 'success':
      return {
        title: 'Payment Successful',
        description: "Thank you for your booking! You'll receive a confirmation email shortly.",
        variant: 'default',
      };
    case 'booking':
      return {
        title: 'Booking Not Saved',
        description: `Your payment went through, but we could not save your booking. Please e-mail us at ${PROPERTY.contact.email} and we will confirm your stay.`,
        variant: 'destructive',
      };
    case 'unavailable':
      return {
        title: 'Dates No Longer Available',
        description: 'Some nights of your stay were just booked. Please choose other dates.',
        variant: 'destructive',
      };
    case 'price':
      return {
        title: 'Price Changed',
        description: 'The price of your stay has changed since it was shown. Please review the new total before you pay.',
        variant: 'destructive',
      };
    case 'payment':
      return {
        title: 'Payment Not Started',
        description: 'We could not start your payment. Nothing was charged. Please try again in a moment.',
        variant: 'destructive',
      };
  }
}

/** Raises the toast of `outcome` ([home.checkout-outcome]). */
export function showOutcomeToast(outcome: CheckoutOutcome): void {
  toast(outcomeToast(outcome));
}
