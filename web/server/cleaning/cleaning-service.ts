import { cleaningWindow, cleaningWindowLabel, PROPERTY, todayIn, type CleaningSettings } from '@ridgeline/core';
import {
  cleaningEmail,
  cleaningEventId,
  deleteCleaningEvent,
  describeStay,
  getCleaningSettings,
  getSetting,
  GoogleCalendarError,
  listCleaningEvents,
  listStaysToClean,
  recordBookingEvent,
  saveCleaningEvent,
  setSetting,
  type CalendarEventInput,
  type CleaningEventRecord,
  type StayToClean,
} from '@ridgeline/core/node';
import type { AppDeps } from '../deps.js';
import { googleConnection } from '../google-calendar/google-connection.js';

/** What one reconcile did. */
export interface CleaningReconcileResult {
  created: number;
  moved: number;
  removed: number;
}

export interface CleaningService {
  /**
   * Brings the cleaning events in line with the confirmed stays (see `createCleaningService`).
   * Never rejects: failures are logged and retried by the next call. Calls run one at a time.
   */
  reconcile(): Promise<CleaningReconcileResult>;
}

/** The owner's calendar the events go in. */
export const CLEANING_CALENDAR_ID = 'primary';
/** The eventTime the recorded events were made with; when the owner changes it they all move. */
const EVENTS_TIME_KEY = 'cleaning.events_event_time';

type Deps = Pick<AppDeps, 'db' | 'config' | 'logger' | 'mailer' | 'google' | 'now'>;

/**
 * Cleaning notifications ([cleaning.reconcile], [cleaning.window]: cleaning event at 1:00 PM on checkout day;
 * cleaning window 1:00-5:00 PM), as a reconcile of desired against recorded events:
 *
 * - desired: one cleaning per confirmed stay checking out today or later (property time):
 *   paid direct bookings and guest reservations imported from active calendar sources;
 * - recorded: `cleaning_events`, one row per stay key.
 *
 * A stay without a record gets an event in the owner's Google Calendar (the crew invited,
 * Google e-mails them), or, when Google is not connected, an e-mail with an `.ics`. A record
 * whose stay moved (check-out, crew address or window changed) is patched or re-sent; a record
 * whose stay is gone is deleted or cancelled by e-mail. Nothing happens while the settings are
 * inactive, auto-create is off or no crew e-mail is set.
 */
export function createCleaningService(deps: Deps): CleaningService {
  const { db, logger } = deps;
  const now = () => deps.now?.() ?? new Date();
  const connection = googleConnection(deps);
  let tail: Promise<unknown> = Promise.resolve();
  let queued: Promise<CleaningReconcileResult> | undefined;

  const googleEvent = (stay: StayToClean, settings: CleaningSettings): CalendarEventInput => {
    const { start, end } = cleaningWindow(settings.eventTime);
    return {
      summary: `Cleaning – ${PROPERTY.name}`,
      description: `${describeStay(stay)} Cleaning window ${cleaningWindowLabel(settings.eventTime)} (Eastern Time).`,
      location: `${PROPERTY.name}, ${PROPERTY.address.locality}, ${PROPERTY.address.region}`,
      start: { dateTime: `${stay.checkout}T${start}:00`, timeZone: PROPERTY.timeZone },
      end: { dateTime: `${stay.checkout}T${end}:00`, timeZone: PROPERTY.timeZone },
      attendees: [settings.cleaningCrewEmail],
      privateProperties: { ridgelineStayKey: stay.stayKey },
    };
  };

  // iCalendar SEQUENCE must grow with each change: seconds since the cleaning was first sent.
  const sequenceOf = (record: CleaningEventRecord | undefined) =>
    record ? Math.max(1, Math.floor((now().getTime() - Date.parse(record.createdAt)) / 1000)) : 0;

  async function run(): Promise<CleaningReconcileResult> {
    const result: CleaningReconcileResult = { created: 0, moved: 0, removed: 0 };
    const settings = getCleaningSettings(db);
    if (!settings.isActive || !settings.autoCreateEvents || !settings.cleaningCrewEmail) return result;

    const today = todayIn(PROPERTY.timeZone, now());
    const desired = new Map(listStaysToClean(db, today).map((s) => [s.stayKey, s]));
    const recorded = new Map(listCleaningEvents(db, today).map((r) => [r.stayKey, r]));
    const timeChanged = (getSetting(db, EVENTS_TIME_KEY) ?? settings.eventTime) !== settings.eventTime;

    let google = connection.active();
    const mailOn = deps.mailer?.enabled === true;
    let googleUsed = false;
    let warnedNoChannel = false;
    /** Nothing can reach the crew: say so once per run and leave the stay for a later run. */
    const noChannel = (): false => {
      if (!warnedNoChannel) logger.warn('cleaning crew not notified: Google Calendar is not connected and SMTP_URL is not set');
      warnedNoChannel = true;
      return false;
    };

    /** Runs a Google call; an auth failure disconnects Google for this run and for the status. */
    const callGoogle = async <T>(call: (g: NonNullable<typeof google>) => Promise<T>): Promise<T | undefined> => {
      if (!google) return undefined;
      try {
        const value = await call(google);
        googleUsed = true;
        return value;
      } catch (err) {
        if (err instanceof GoogleCalendarError && err.isAuthError) {
          connection.record(false, `Google refused the stored token: ${err.message}`);
          google = undefined;
          logger.warn('Google Calendar refused the stored token; connect it again', { reason: err.reason });
          return undefined;
        }
        throw err;
      }
    };

    const email = async (record: Parameters<typeof cleaningEmail>[0]) => {
      await deps.mailer?.send(cleaningEmail(record));
    };

    const create = async (stay: StayToClean) => {
      const id = cleaningEventId(stay.stayKey);
      const event = googleEvent(stay, settings);
      const made = await callGoogle(async (g) => {
        try {
          return await g.client.insertEvent(g.refreshToken, CLEANING_CALENDAR_ID, id, event);
        } catch (err) {
          // Ours already (an earlier insert whose record was lost, or a cancelled stay back).
          if (err instanceof GoogleCalendarError && err.status === 409) {
            await g.client.patchEvent(g.refreshToken, CLEANING_CALENDAR_ID, id, event);
            return { id };
          }
          throw err;
        }
      });
      if (made) {
        saveCleaningEvent(db, { stayKey: stay.stayKey, checkoutDate: stay.checkout, channel: 'google', googleEventId: made.id, crewEmail: settings.cleaningCrewEmail }, now());
        return true;
      }
      if (!mailOn) return noChannel();
      await email({ stay, eventTime: settings.eventTime, kind: 'new', sequence: 0, now: now(), to: settings.cleaningCrewEmail });
      saveCleaningEvent(db, { stayKey: stay.stayKey, checkoutDate: stay.checkout, channel: 'email', googleEventId: null, crewEmail: settings.cleaningCrewEmail }, now());
      return true;
    };

    const move = async (stay: StayToClean, record: CleaningEventRecord) => {
      if (record.channel === 'google') {
        const eventId = record.googleEventId ?? cleaningEventId(stay.stayKey);
        const done = await callGoogle(async (g) => {
          await g.client.patchEvent(g.refreshToken, CLEANING_CALENDAR_ID, eventId, googleEvent(stay, settings));
          return true;
        });
        if (!done) return false; // Waits for Google to be connected again.
      } else {
        if (!mailOn) return noChannel();
        const sequence = sequenceOf(record);
        if (record.crewEmail !== settings.cleaningCrewEmail) {
          const before = { ...stay, checkout: record.checkoutDate };
          await email({ stay: before, eventTime: settings.eventTime, kind: 'cancelled', sequence, now: now(), to: record.crewEmail });
          await email({ stay, eventTime: settings.eventTime, kind: 'new', sequence, now: now(), to: settings.cleaningCrewEmail });
        } else {
          await email({ stay, eventTime: settings.eventTime, kind: 'moved', previousCheckout: record.checkoutDate !== stay.checkout ? record.checkoutDate : undefined, sequence, now: now(), to: settings.cleaningCrewEmail });
        }
      }
      saveCleaningEvent(db, { ...record, checkoutDate: stay.checkout, crewEmail: settings.cleaningCrewEmail }, now());
      return true;
    };

    const remove = async (record: CleaningEventRecord) => {
      if (record.channel === 'google') {
        const done = await callGoogle(async (g) => {
          await g.client.deleteEvent(g.refreshToken, CLEANING_CALENDAR_ID, record.googleEventId ?? cleaningEventId(record.stayKey));
          return true;
        });
        if (!done) return false;
      } else {
        if (!mailOn) return noChannel();
        const stay: StayToClean = { stayKey: record.stayKey, checkin: '', checkout: record.checkoutDate, guests: null, source: '' };
        await email({ stay, eventTime: settings.eventTime, kind: 'cancelled', sequence: sequenceOf(record), now: now(), to: record.crewEmail });
      }
      deleteCleaningEvent(db, record.stayKey);
      return true;
    };

    /** A booking's cleaning made or removed is in its history ([booking.timeline]); imported stays have none. */
    const recordOnTimeline = (stayKey: string, count: keyof CleaningReconcileResult) => {
      const bookingId = /^booking:(\d+)$/.exec(stayKey)?.[1];
      if (!bookingId || count === 'moved') return;
      const stay = desired.get(stayKey);
      const how = google ? 'in Google Calendar' : 'by e-mail';
      try {
        if (count === 'created') recordBookingEvent(db, Number(bookingId), 'cleaning-scheduled', `Cleaning on ${stay?.checkout ?? 'check-out day'}, crew told ${how}`, now());
        else recordBookingEvent(db, Number(bookingId), 'cleaning-cancelled', `Cleaning cancelled, crew told ${how}`, now());
      } catch (err) {
        // The cleaning itself was done; only its line in the history is missing.
        logger.error('booking timeline not recorded', { stayKey, err: err instanceof Error ? err.message : String(err) });
      }
    };

    // Each stay on its own: one failure never stops the others; the next run retries it.
    let incomplete = false;
    const attempt = async (what: string, stayKey: string, step: () => Promise<boolean>, count: keyof CleaningReconcileResult) => {
      try {
        if (await step()) {
          result[count] += 1;
          recordOnTimeline(stayKey, count);
        } else incomplete = true;
      } catch (err) {
        incomplete = true;
        logger.error(`cleaning event not ${what}`, { stayKey, err: err instanceof Error ? err.message : String(err) });
      }
    };

    for (const stay of desired.values()) {
      const record = recorded.get(stay.stayKey);
      if (!record) await attempt('created', stay.stayKey, () => create(stay), 'created');
      else if (record.checkoutDate !== stay.checkout || record.crewEmail !== settings.cleaningCrewEmail || timeChanged) {
        await attempt('moved', stay.stayKey, () => move(stay, record), 'moved');
      }
    }
    for (const record of recorded.values()) {
      if (!desired.has(record.stayKey)) await attempt('removed', record.stayKey, () => remove(record), 'removed');
    }
    if (!incomplete) setSetting(db, EVENTS_TIME_KEY, settings.eventTime, now());
    if (googleUsed && google) connection.record(true);
    if (result.created || result.moved || result.removed) logger.info('cleaning events reconciled', { ...result });
    return result;
  }

  return {
    reconcile() {
      // A call made while another waits to start would do the same work: share that one.
      if (queued) return queued;
      const next = tail.then(
        () => {
          queued = undefined;
          return run().catch((err: unknown) => {
            logger.error('cleaning reconcile failed', { err: err instanceof Error ? err.message : String(err) });
            return { created: 0, moved: 0, removed: 0 };
          });
        },
        () => ({ created: 0, moved: 0, removed: 0 }),
      );
      queued = next;
      tail = next;
      return next;
    },
  };
}
