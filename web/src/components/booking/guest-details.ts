import { bookingInquirySchema, type CheckoutBookingData } from '@ridgeline/core';

/**
 * The guest's details in the booking section and the URL that carries them to /checkout
 * ([booking.to-checkout], [checkout.payment-intent]: the checkout's `bookingData` has the keys of the payment intent's).
 * Validated with the server's own schema for `POST /api/booking-inquiry`, so what passes here is
 * what the server stores after payment.
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

const REQUIRED: ReadonlySet<GuestDetailField> = new Set(['firstName', 'lastName', 'email']);

const detailsSchema = bookingInquirySchema.pick({
  firstName: true,
  lastName: true,
  email: true,
  phone: true,
  message: true,
  specialRequests: true,
});

/** True for something a person can dial: 7 to 15 digits, with spaces, +, -, dots or brackets. */
export function isPhoneNumber(value: string): boolean {
  if (!/^\+?[\d\s().-]+$/.test(value)) return false;
  const digits = value.replace(/\D/g, '').length;
  return digits >= 7 && digits <= 15;
}

export type GuestDetailErrors = Partial<Record<GuestDetailField, string>>;

export type GuestDetailsResult = { ok: true; details: GuestDetails } | { ok: false; errors: GuestDetailErrors };

/**
 * Checks the guest's details: first and last name and e-mail are required; the e-mail must be
 * an address; the phone is optional but must be a phone number when given; lengths as the
 * server allows. Returns the trimmed details, or one message per invalid field
 * ("Email must be an e-mail address").
 */
export function validateGuestDetails(values: GuestDetails): GuestDetailsResult {
  const errors: GuestDetailErrors = {};
  for (const field of REQUIRED) {
    if (values[field].trim() === '') errors[field] = `${GUEST_DETAIL_LABELS[field]} is required`;
  }
  const parsed = detailsSchema.safeParse(values);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as GuestDetailField;
      errors[field] ??= `${GUEST_DETAIL_LABELS[field]} ${issue.message}`;
    }
  }
  const phone = values.phone.trim();
  if (phone !== '' && !errors.phone && !isPhoneNumber(phone)) {
    errors.phone = 'Phone must be a phone number, for example +1 706 555 0142';
  }
  if (!parsed.success || Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, details: { ...parsed.data, phone } };
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
