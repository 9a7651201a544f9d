import { bookingInquirySchema, isPhoneNumber, type CheckoutBookingData } from '@ridgeline/core';
import { z } from 'zod';

/**
 * The guest's details in the booking section and the URL that carries them to /checkout
 * ([booking.to-checkout], [checkout.payment-intent]: the checkout's `bookingData` has the keys of the payment intent's).
 * Validated with the server's own schema for `POST /api/booking-inquiry` (`guestDetailsSchema`),
 * so what passes here is what the server stores after payment.
 */
export interface GuestDetails {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  message: string;
  specialRequests: string;
}

export type GuestDetailField = keyof GuestDetails;

export const EMPTY_GUEST_DETAILS: GuestDetails = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  message: '',
  specialRequests: '',
};

/** Visible labels, also the start of each error message. */
export const GUEST_DETAIL_LABELS: Record<GuestDetailField, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email',
  phone: 'Phone',
  message: 'Message',
  specialRequests: 'Special requests',
};

/** The order fields are checked and focused in. */
export const GUEST_DETAIL_FIELDS: readonly GuestDetailField[] = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'message',
  'specialRequests',
];

/** The guest's phone is checked as the owner's local contact is (core's isPhoneNumber). */
export { isPhoneNumber } from '@ridgeline/core';

export type GuestDetailErrors = Partial<Record<GuestDetailField, string>>;

export type GuestDetailsResult = { ok: true; details: GuestDetails } | { ok: false; errors: GuestDetailErrors };

const inquiry = bookingInquirySchema.shape;

/**
 * The guest's details as the booking section checks them: the server's own fields of
 * `POST /api/booking-inquiry` (`bookingInquirySchema`: first and last name and e-mail required,
 * the e-mail an address, lengths as the server allows), with two rules of the form on top: a
 * blank e-mail says "is required" (before the address check), and a phone, when given, must be
 * something a person can dial. Parsing gives the trimmed details. Messages follow the field's
 * label ("Email must be an e-mail address").
 */
export const guestDetailsSchema = z.object({
  firstName: inquiry.firstName,
  lastName: inquiry.lastName,
  email: z.string({ message: 'is required' }).trim().min(1, 'is required').pipe(inquiry.email),
  phone: inquiry.phone.refine((phone) => phone === '' || isPhoneNumber(phone), 'must be a phone number, for example +1 706 555 0142'),
  message: inquiry.message,
  specialRequests: inquiry.specialRequests,
});

/** The details as typed in the form (`guestDetailsSchema`'s input). */
export type GuestDetailsInput = z.input<typeof guestDetailsSchema>;

/** "Email must be an e-mail address": a field's label, then the schema's message. */
export function guestDetailMessage(field: GuestDetailField, message: string): string {
  return `${GUEST_DETAIL_LABELS[field]} ${message}`;
}

/**
 * Checks the guest's details with `guestDetailsSchema`. Returns the trimmed details, or one
 * message per invalid field, its first ("Email must be an e-mail address").
 */
export function validateGuestDetails(values: GuestDetails): GuestDetailsResult {
  const parsed = guestDetailsSchema.safeParse(values);
  if (parsed.success) return { ok: true, details: parsed.data };
  const errors: GuestDetailErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as GuestDetailField;
    errors[field] ??= guestDetailMessage(field, issue.message);
  }
  return { ok: false, errors };
}

/** The fields in error, in form order (the first one gets the focus). */
export function fieldsInError(errors: GuestDetailErrors): GuestDetailField[] {
  return GUEST_DETAIL_FIELDS.filter((field) => errors[field] !== undefined);
}

export interface ChosenStay {
  checkin: string;
  checkout: string;
  guests: number;
}

/**
 * `/checkout?bookingData=<URL-encoded JSON>&amount=<total in dollars>`: the JSON has the keys
 * checkin, checkout, guests, firstName, lastName, email, phone, message, specialRequests; the
 * amount is what the guest was shown (the server charges its own quote and refuses another).
 */
export function checkoutPath(stay: ChosenStay, details: GuestDetails, totalCents: number): string {
  const bookingData: CheckoutBookingData = {
    checkin: stay.checkin,
    checkout: stay.checkout,
    guests: stay.guests,
    firstName: details.firstName,
    lastName: details.lastName,
    email: details.email,
    phone: details.phone,
    message: details.message,
    specialRequests: details.specialRequests,
  };
  return `/checkout?bookingData=${encodeURIComponent(JSON.stringify(bookingData))}&amount=${(totalCents / 100).toFixed(2)}`;
}
