import { afterEach, describe, expect, it, vi } from 'vitest';
import { publishedReviewsResponseSchema, reviewSavedResponseSchema, sessionResponseSchema } from '@ridgeline/core';
import { apiGet, apiQuery, apiSend } from './api';
import { setApiTransport, type ApiTransport } from './api-client';
import { ApiError, UnexpectedAnswerError } from './api-error';
import { createQueryClient } from './query-client';
import { mockFetch } from '@/test-support/stubs';

afterEach(() => {
  setApiTransport(undefined);
  vi.unstubAllGlobals();
});


const review = { id: 1, guestName: 'Ann', rating: 5, title: 'Lovely', content: 'Great stay', stayDate: '2026-10-02', source: 'guestbook', stayMonth: '2026-10', createdAt: '2026-10-05T12:00:00.000Z' };

describe('the typed client', () => {
  it('hands over the answer as its contract reads it', async () => {
    mockFetch(Response.json({ reviews: [review] }));
    await expect(apiGet('/api/reviews/published', publishedReviewsResponseSchema)).resolves.toEqual({ reviews: [review] });
  });

  it('refuses an OK answer off its contract, naming the field, instead of passing it on', async () => {
    mockFetch(Response.json({ reviews: [{ ...review, rating: '5' }] }));
    const error: unknown = await apiGet('/api/reviews/published', publishedReviewsResponseSchema).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnexpectedAnswerError);
    expect(error).toMatchObject({ path: '/api/reviews/published', issue: expect.stringMatching(/^reviews\.0\.rating: /) });
  });

  it('refuses an OK answer that is not JSON (a proxy page, say)', async () => {
    mockFetch(new Response('<html>Bad gateway</html>', { status: 200 }));
    await expect(apiGet('/api/auth/session', sessionResponseSchema)).rejects.toMatchObject({ name: 'UnexpectedAnswerError', issue: 'not JSON' });
  });

  it('still throws ApiError with status and body for a refusal', async () => {
    mockFetch(new Response('{"error":"Sign in first"}', { status: 401 }));
    const error: unknown = await apiGet('/api/reviews', publishedReviewsResponseSchema).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, message: '401: {"error":"Sign in first"}' });
  });

  it('loads a contract given as a loader before parsing', async () => {
    mockFetch(Response.json({ authenticated: 'yes' }));
    const loader = vi.fn(async () => sessionResponseSchema);
    await expect(apiGet('/api/auth/session', loader)).rejects.toBeInstanceOf(UnexpectedAnswerError);
    expect(loader).toHaveBeenCalledTimes(1);
  });

  it('sends a change with its JSON body and area credential, and parses the answer', async () => {
    const fetch = vi.fn<ApiTransport['fetch']>(async () => Response.json({ success: true, review: { ...review, email: 'a@b.co', isApproved: true, isPublished: false, isDemo: false, verifiedStay: false, hiddenReason: null } }));
    setApiTransport({ signInClient: 'desktop', fetch, xhrTarget: (url) => ({ url, headers: {}, withCredentials: false }), setToken: vi.fn(), forgetToken: vi.fn() });
    const answer = await apiSend('PUT', '/api/reviews/1', reviewSavedResponseSchema, { isApproved: true }, 'admin');
    expect(answer.review.isApproved).toBe(true);
    expect(fetch).toHaveBeenCalledWith('/api/reviews/1', expect.objectContaining({ method: 'PUT', body: '{"isApproved":true}' }), 'admin');
  });

  it('turns an off-contract answer into a query error, never query data', async () => {
    mockFetch(Response.json({ reviews: 'none' }));
    const client = createQueryClient();
    const query = apiQuery('/api/reviews/published', publishedReviewsResponseSchema);
    await expect(client.fetchQuery(query)).rejects.toBeInstanceOf(UnexpectedAnswerError);
    expect(client.getQueryData(query.queryKey)).toBeUndefined();
    expect(client.getQueryState(query.queryKey)?.status).toBe('error');
  });
});
