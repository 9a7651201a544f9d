/**
 * Contract of `GET /api/health` (the desktop app's server check and deploy checks). Browser-safe.
 */
import { z } from 'zod';

/** `GET /api/health`: 200 `{ status: "ok" }`, or 503 `{ status: "unavailable", error }`. */
export const healthResponseSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('ok') }),
  z.object({ status: z.literal('unavailable'), error: z.string() }),
]);
export type HealthResponse = z.infer<typeof healthResponseSchema>;
