/** Words for the security log's event kinds (core `SecurityEventKind`); unknown kinds show as sent. */
const EVENT_LABELS: Record<string, string> = {
  login: 'Sign-in',
  login_failed: 'Failed sign-in',
  login_throttled: 'Sign-ins throttled',
  ip_blocked: 'IP blocked',
  ip_unblocked: 'IP unblocked',
  blocked_request: 'Blocked request',
  rate_limited: 'Rate limited',
  validation_rejected: 'Invalid request',
  webhook_signature_failed: 'Bad webhook signature',
  payment_intent_limited: 'Payment attempts limited',
};

export function eventLabel(kind: string): string {
  return EVENT_LABELS[kind] ?? kind;
}

/** True for an outcome that refused the request ("refused 401"), as opposed to "ok". */
export function isRefusal(outcome: string): boolean {
  return outcome.startsWith('refused');
}
