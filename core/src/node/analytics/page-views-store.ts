import type { PageView } from '../../analytics/analytics.js';
import type { Db } from '../platform/database.js';

/** Records one page view ([analytics.page-view]); no IP address or cookie is kept. */
export function recordPageView(db: Db, view: PageView, now: Date = new Date()): void {
  db.prepare('INSERT INTO page_views (path, referrer, created_at) VALUES (?, ?, ?)').run(
    view.path,
    view.referrer,
    now.toISOString(),
  );
}

/** Page views per path since `since` (ISO 8601), most viewed first. */
export function countPageViews(db: Db, since = '0000'): { path: string; views: number }[] {
  return db
    .prepare(
      'SELECT path, COUNT(*) AS views FROM page_views WHERE created_at >= ? GROUP BY path ORDER BY views DESC, path',
    )
    .all(since) as { path: string; views: number }[];
}
