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
/** How many turns of each booking have been asked for and not finished yet, per database. */
const waitingByDb = new WeakMap<object, Map<number, number>>();

/**
 * How many turns of booking `bookingId` on `db` are running or waiting (0 when none): what a
 * test awaits to know a second request is queued behind the first, which nothing else shows.
 */
export function turnsOf(db: object, bookingId: number): number {
  return waitingByDb.get(db)?.get(bookingId) ?? 0;
}

/** Runs `work` after every earlier turn of booking `bookingId` on `db` (a failed one too). */
export function oneCancelAtATime<T>(db: object, bookingId: number, work: () => Promise<T>): Promise<T> {
  let running = turnsByDb.get(db);
  if (!running) turnsByDb.set(db, (running = new Map()));
  const turns = running;
  let waiting = waitingByDb.get(db);
  if (!waiting) waitingByDb.set(db, (waiting = new Map()));
  const counts = waiting;
  counts.set(bookingId, (counts.get(bookingId) ?? 0) + 1);
  const run = (turns.get(bookingId) ?? Promise.resolve()).catch(() => undefined).then(work);
  turns.set(bookingId, run);
  const forget = () => {
    if (turns.get(bookingId) === run) turns.delete(bookingId);
    const left = (counts.get(bookingId) ?? 1) - 1;
    if (left > 0) counts.set(bookingId, left);
    else counts.delete(bookingId);
  };
  run.then(forget, forget);
  return run;
}
