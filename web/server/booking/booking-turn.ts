/**
 * The booking's turn: what moves a booking's money or dates runs one at a time per database and
 * booking, whoever asks — a cancel (the owner's double click, the owner and the guest together),
 * a change of dates or guests, a damage-deposit claim and the damage-deposits job's release
 * ([deposit.claim-guard]) — so the later one sees what the earlier did (a second cancel finds the
 * booking cancelled and never asks Stripe for a second refund; a claim after a cancel or a release
 * is refused). In-process: the server is one process; the database's guarded statements
 * (the balance lease, a deposit's pending action) hold across restarts.
 */
const turnsByDb = new WeakMap<object, Map<number, Promise<unknown>>>();

/** Runs `work` after every earlier turn of booking `bookingId` on `db` (a failed one too). */
export function oneCancelAtATime<T>(db: object, bookingId: number, work: () => Promise<T>): Promise<T> {
  let running = turnsByDb.get(db);
  if (!running) turnsByDb.set(db, (running = new Map()));
  const turns = running;
  const run = (turns.get(bookingId) ?? Promise.resolve()).catch(() => undefined).then(work);
  turns.set(bookingId, run);
  const forget = () => {
    if (turns.get(bookingId) === run) turns.delete(bookingId);
  };
  run.then(forget, forget);
  return run;
}
