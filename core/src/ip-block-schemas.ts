/**
 * Validation of the security console's IP bodies ([security.ip-block]), shared by
 * `POST /api/security/block-ip` / `unblock-ip` and the console's IP forms. Browser-safe: the
 * server adds the address normalisation (Node's `net`) on top of these fields.
 */
import { z } from 'zod';

/**
 * `{ ip, reason? }`: `ip` is trimmed non-empty text up to 100 characters, with no format check
 * here (text that is not an address is blocked as typed; the server normalises addresses and
 * CIDR ranges and refuses a malformed range); `reason` is optional text up to 300 characters.
 */
export const ipBlockFieldsSchema = z.object({
  ip: z.string({ message: 'is required' }).trim().min(1, 'is required').max(100, 'is too long'),
  reason: z.string({ message: 'must be text' }).trim().max(300, 'is too long').optional().default(''),
});
