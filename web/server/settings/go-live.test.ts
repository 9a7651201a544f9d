import path from 'node:path';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { FANNIN_COUNTY_TAXES, listingImagePaths, type GoLiveItem } from '@ridgeline/core';
import { backupDatabase, getImageConfig, imageSlotSection, listReviews, setImageSlot } from '@ridgeline/core/node';
import { createTestApp, signedInAgent } from '../test-support/test-app.js';

const NOW = new Date('2026-12-02T15:00:00Z');
const apps: ReturnType<typeof createTestApp>[] = [];
const start = (env: Record<string, string> = {}, now: () => Date = () => NOW) => {
  const t = createTestApp(env, {}, now);
  apps.push(t);
  return t;
};
afterEach(() => apps.splice(0).forEach((t) => t.cleanup()));

const left = async (agent: Awaited<ReturnType<typeof signedInAgent>>) => {
  const res = await agent.get('/api/go-live').expect(200);
  return (res.body.items as GoLiveItem[]).filter((i) => !i.done).map((i) => i.key);
};

describe('GET /api/go-live ([setup.go-live])', () => {
  it('is for the owner only', async () => {
    const t = start();
    await request(t.app).get('/api/go-live').expect(401);
  });

  it('lists all ten items on a fresh install and shrinks as each is fixed', async () => {
    const t = start();
    const agent = await signedInAgent(t.app);
    expect(await left(agent)).toEqual(['photos', 'demo-reviews', 'contact', 'taxes', 'payments', 'mail', 'owner-email', 'agreement', 'compliance', 'backup']);

    // Own photos in every slot the site shows.
    for (const p of listingImagePaths(getImageConfig(t.db))) {
      const key = path.basename(p).replace(/\.[a-z]+$/, '').replace(/-\d+$/, '');
      if (imageSlotSection(key)) setImageSlot(t.db, key, `/uploads/${key}.jpg`, NOW);
    }
    const photos = ((await agent.get('/api/go-live')).body.items as GoLiveItem[])[0];
    expect(photos).toMatchObject({ key: 'photos', done: true });
    for (const review of listReviews(t.db).filter((r) => r.source === 'demo')) await agent.delete(`/api/reviews/${review.id}`).expect(200);
    expect(await left(agent)).not.toContain('demo-reviews');

    await agent.put('/api/listing').send({ contactPhone: '(706) 555-0199', contactEmail: 'stay@example.com' }).expect(200);
    expect(await left(agent)).not.toContain('contact');
    await agent.put('/api/settings').send({ taxes: FANNIN_COUNTY_TAXES }).expect(200);
    expect(await left(agent)).not.toContain('taxes');
    await agent.put('/api/settings').send({ ownerEmail: 'owner@example.com', rentalAgreement: 'Quiet hours are 10 pm to 8 am.' }).expect(200);
    await agent.put('/api/settings').send({ taxCertificateNumber: 'FC-123', rentalRegistrationNumber: 'STR-9' }).expect(200);
    await backupDatabase(t.db, path.join(t.config.dataDir, 'backups'), 14, NOW);
    const rest = await left(agent);
    expect(rest).toEqual(['payments', 'mail']);

    // The payment and e-mail items read the server's configuration.
    const configured = start({ STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x', SMTP_URL: 'smtp://127.0.0.1:2525' });
    const items = (await (await signedInAgent(configured.app)).get('/api/go-live')).body.items as GoLiveItem[];
    expect(items.filter((i) => i.key === 'payments' || i.key === 'mail').map((i) => i.done)).toEqual([true, true]);
  });

  it('says test-mode payments and an old backup are not done', async () => {
    const t = start({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' });
    await backupDatabase(t.db, path.join(t.config.dataDir, 'backups'), 14, new Date('2026-11-24T12:00:00Z'));
    const items = (await (await signedInAgent(t.app)).get('/api/go-live')).body.items as GoLiveItem[];
    expect(items.find((i) => i.key === 'payments')).toMatchObject({ done: false, message: 'Card payments are in Stripe’s test mode: no guest is really charged' });
    expect(items.find((i) => i.key === 'backup')).toMatchObject({ done: false, message: 'No backup in the last 7 days' });
  });
});
