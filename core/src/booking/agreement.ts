/**
 * The rental agreement ([agreement.publish], [agreement.checkout], [agreement.record]): the
 * published versions, what a checkout sends to accept one and what a booking keeps of it.
 * Browser-safe: the checkout page and the server check the signature with the same rule.
 */
import { z } from 'zod';
import { plainText } from '../shared/text.js';

/** Longest typed name, in characters. */
export const MAX_SIGNED_NAME_CHARS = 200;
/** Longest User-Agent kept with an acceptance, in characters. */
export const MAX_USER_AGENT_CHARS = 500;

/** A published version: never edited; a new publish makes `version + 1` ([agreement.publish]). */
export interface RentalAgreement {
  /** 1, 2, … */
  version: number;
  /** What the guest agrees to: the owner's text with the county's numbers (`agreementText`). */
  text: string;
  /** ISO 8601 UTC */
  publishedAt: string;
}

/** What a booking keeps of the agreement its guest accepted ([agreement.record]). */
export interface AgreementAcceptance {
  version: number;
  /** The full name the guest typed, trimmed. */
  signedName: string;
  /** ISO 8601 UTC: when the checkout sent it (`POST /api/create-payment-intent`). */
  signedAt: string;
  /** The client address of that request ('' when unknown). */
  ipAddress: string;
  /** Its User-Agent header ('' when none), at most MAX_USER_AGENT_CHARS. */
  userAgent: string;
}

/**
 * `bookingData.agreement` of `POST /api/create-payment-intent` ([agreement.checkout]): the
 * version the guest was shown and the full name they typed. Whether it is the current version
 * and the name is not blank is `agreementProblem`'s (a 400 naming `bookingData.agreement`).
 */
export const agreementSignatureSchema = z.object({
  version: z.number({ message: 'must be the version number shown' }).int('must be the version number shown').positive('must be the version number shown'),
  signedName: plainText(z.string({ message: 'must be text' }).trim().max(MAX_SIGNED_NAME_CHARS, `must be at most ${MAX_SIGNED_NAME_CHARS} characters`)),
});
export type AgreementSignature = z.infer<typeof agreementSignatureSchema>;

/** The county's numbers a published agreement ends with ([compliance.numbers]); '' = not issued yet. */
export interface AgreementNumbers {
  taxCertificateNumber: string;
  rentalRegistrationNumber: string;
}

/**
 * The text a guest agrees to ([compliance.numbers], [agreement.publish]): the owner's `ownerText`,
 * then a line for each of the county's numbers the owner has filled in:
 * "Fannin County accommodation excise tax certificate: …" and "Fannin County short-term rental
 * registration: …". Without numbers, the owner's text as it is.
 */
export function agreementText(ownerText: string, numbers: AgreementNumbers): string {
  const lines = [
    numbers.taxCertificateNumber ? `Fannin County accommodation excise tax certificate: ${numbers.taxCertificateNumber}` : '',
    numbers.rentalRegistrationNumber ? `Fannin County short-term rental registration: ${numbers.rentalRegistrationNumber}` : '',
  ].filter(Boolean);
  return lines.length === 0 ? ownerText : `${ownerText}\n\n${lines.join('\n')}`;
}

/**
 * Why a checkout's signature does not accept the current agreement ([agreement.checkout]), or
 * undefined when it does (or when no agreement is published: nothing to accept).
 * @param current the current version, undefined when none is published
 * @param signature what the checkout sent (undefined when nothing)
 */
export function agreementProblem(current: { version: number } | undefined, signature: AgreementSignature | undefined): string | undefined {
  if (!current) return undefined;
  if (!signature) return 'the rental agreement must be accepted: tick the box and type your full name';
  if (signature.version !== current.version) return `the rental agreement changed (now version ${current.version}); please read it and agree again`;
  if (signature.signedName.trim() === '') return 'type your full name to accept the rental agreement';
  return undefined;
}

/**
 * Whether the checkout page may enable Pay ([agreement.checkout]): no agreement, or the box
 * ticked and a non-blank name typed.
 */
export function agreementReady(agreementVersion: number | null, ticked: boolean, signedName: string): boolean {
  return agreementVersion === null || (ticked && signedName.trim() !== '');
}
