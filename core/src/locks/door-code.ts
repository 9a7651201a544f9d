/**
 * A stay's door code as the messages and the guest's page read it ([stay.door-code]). Browser-safe.
 * The lock adapters (core/src/node/locks/) and the door-code service (web/server/locks/) make it;
 * the messages (issue 28 §2) and the guest page (§5) only read it, through `DoorCodeReader`, and
 * show a code only when it is `ready` and the stay's secrets are released ([stay.secrets]).
 */

/** Where a stay's door code stands. */
export type DoorCodeState =
  /** `doorCodeMode` is `none`: the stay has no door code ({{stay.doorCode}} renders as nothing) */
  | { state: 'none' }
  /** the code the guest may be given: the fixed code, a code typed by the owner, or one the lock confirmed */
  | { state: 'ready'; code: string }
  /** a code per stay that the lock has not confirmed yet (not set, or being set): nothing may be sent yet */
  | { state: 'pending'; reason: string }
  /** the lock refused or could not be reached after the retries: the owner is told; the guest gets no code */
  | { state: 'failed'; reason: string };

/** The port the messages and the guest page read door codes through. */
export interface DoorCodeReader {
  /**
   * The door code state of a stay now. `stayId` is the Stay's id of [stays.list]: `booking-12`
   * for a booking made in Ridgeline, `import-3-<uid>` for a stay imported from a platform's feed.
   */
  codeFor(stayId: string): DoorCodeState;
}
