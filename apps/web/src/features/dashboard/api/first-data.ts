import { appQueryClient } from '@/lib/query-client';
import { session } from '@/lib/session';
import { keptAnswers } from '@/lib/storage';
import { earlyFiguresShown } from './early-data';
import { dashboardQueries, KEPT_SUMMARY } from './queries';

/**
 * Before the app's first render over the dashboard home's frame (main.tsx): when this visit has no kept figures to
 * show, the summary the boot script asked for with the HTML goes into the cache first, so that the first render is
 * the customer's figures, not the page's skeleton over a frame that already shows it, followed by a second render
 * once the answer is read. With kept figures there is nothing to wait for: they show at once, marked, as before
 * (docs/decisions/065-the-dashboard-paints-with-its-html.md, addendum).
 */
export async function prepareDashboardHome(): Promise<void> {
  const user = session.getState().user;
  if (!user) return;
  // The frame already shows this answer's counts (src/figures.js): the app renders from it too, not from the kept
  // ones, so that the figures on screen stay as they are and are not marked as the last visit's. It has arrived,
  // so reading it costs no wait.
  if (keptAnswers.read(KEPT_SUMMARY, user.id) && !earlyFiguresShown()) return;
  // Never throws: a failed read is in the cache as the query's error, and the page shows it with Retry.
  await appQueryClient().prefetchQuery(dashboardQueries.summary());
}
