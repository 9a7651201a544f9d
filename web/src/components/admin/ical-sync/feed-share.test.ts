import { describe, expect, it } from 'vitest';
import { deleteConfirmation, feedMailto } from './feed-share';

describe('deleteConfirmation ([ical.delete])', () => {
  it('names the source in quotes', () => {
    expect(deleteConfirmation('Airbnb main')).toBe('Are you sure you want to delete "Airbnb main"?');
  });
});

describe('feedMailto', () => {
  const url = 'http://127.0.0.1:3000/api/calendar/feed.ics?token=a+b&c';

  it('puts the whole address, encoded, in the body of a mail without recipient', () => {
    const href = feedMailto('platform', url);
    expect(href.startsWith('mailto:?subject=')).toBe(true);
    const params = new URLSearchParams(href.slice('mailto:?'.length));
    expect(params.get('body')).toContain(`\n\n${url}\n`);
    expect(params.get('subject')).toBe('Ridgeline availability calendar (iCal)');
  });

  it('warns in the owner mail that guest details are inside', () => {
    const body = decodeURIComponent(feedMailto('owner', url).split('&body=')[1] ?? '');
    expect(body).toMatch(/guest names/);
  });
});
