import { ArrowRight, Globe, LifeBuoy, Plus, RefreshCw, Server, TrendingUp } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { buttonClasses } from '@/components/ui/button-styles';
import { useSession } from '@/lib/session';
import { QueryView } from '@/components/ui/query-view';
import { Skeleton } from '@/components/ui/skeleton';
import type { DashboardSummary } from '../api/types';
import { useDashboardSummary } from '../api/use-dashboard-data';
import { ActivityTimeline } from '../components/activity-timeline';
import { BalanceCard } from '../components/balance-card';
import { GettingStartedChecklist } from '../components/getting-started';
import { GreetingHeader } from '../components/greeting-header';
import { PageHeader } from '@/components/ui/page-header';
import { HomeCharts } from '../components/home-charts';
import { NotificationList } from '../components/notification-list';
import { Panel } from '../components/panel';
import { StatTiles } from '../components/stat-tiles';
import { useMoneyDialogs } from '../components/money/use-money-dialogs';
import { useDashboardFormat } from '../lib/use-dashboard-format';

/** How many notifications the home page shows; the rest are one link away. */
const HOME_NOTIFICATIONS = 3;

/** The figures' tiles before any figure: four for the slots `StatTiles` has, laid out as the tiles. */
const NO_FIGURES = { hosting: 0, domains: 0, services: 0, tickets: 0 };

/**
 * The home page's shape while its summary loads: four tiles and two columns of panels. `figures`: the frame's, whose
 * row of tiles src/figures.js replaces with the customer's figures (`data-figures` names the row).
 */
function HomeSkeleton({ figures = false }: { figures?: boolean }) {
  return (
    <>
      <div
        data-figures={figures ? '' : undefined}
        className="grid grid-cols-1 gap-4 min-[420px]:grid-cols-2 xl:grid-cols-4"
      >
        {[0, 1, 2, 3].map((key) => (
          <Skeleton key={key} className="h-28" />
        ))}
      </div>
      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <Skeleton className="h-64" />
          <Skeleton className="h-64" />
        </div>
        <div className="space-y-6">
          <Skeleton className="h-48" />
          <Skeleton className="h-40" />
        </div>
      </div>
    </>
  );
}

/**
 * What the build prerenders for `/dashboard` (entry-server.tsx `renderShell`): the page's frame as the app first
 * draws it without a kept answer, painted with the HTML while the app's code and the customer's figures (asked for
 * by the boot script) arrive; the app then renders over it (docs/decisions/065-the-dashboard-paints-with-its-html.md).
 * Neither the name nor the reader's time of day is known at build time: the heading is the page's own name.
 */
export function DashboardHomeShell() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('dashboardNav.home')} description={t('home.intro', { ns: 'dashboard' })} />
      {/* The frame stands for the full-page spinner of the session check (docs/product/states.md) and says so. */}
      <p role="status" className="sr-only">
        {t('status.checkingSession')}
      </p>
      <HomeSkeleton figures />
      {/* The tiles as the page draws them, without figures: src/figures.js fills a copy from the summary the boot
          script asked for and puts it in the skeleton's row, before the app's code has arrived. */}
      <template id="dashboard-figures">
        <StatTiles stats={NO_FIGURES} slots />
      </template>
    </>
  );
}

export function DashboardHomePage() {
  const { t } = useTranslation('dashboard');
  const { user } = useSession();
  const summary = useDashboardSummary();
  return (
    <>
      <GreetingHeader firstName={user?.firstName ?? ''} />
      {summary.hadKept && <KeptNotice keptAt={summary.keptAt} updating={summary.isFetching} />}
      <QueryView query={summary} skeleton={<HomeSkeleton />} errorTitle={t('home.loadError')}>
        {(data) => <HomeContent summary={data} summaryAt={summary.dataUpdatedAt} />}
      </QueryView>
    </>
  );
}

/**
 * Says that the figures are the last visit's while fresh ones load (docs/decisions/047-interactive-from-first-paint.md),
 * politely to screen readers; empty once the fresh ones are on screen, its line kept so that nothing moves.
 */
function KeptNotice({ keptAt, updating }: { keptAt: number | null; updating: boolean }) {
  const { t } = useTranslation('dashboard');
  const format = useDashboardFormat();
  return (
    <p role="status" className="-mt-2 mb-4 min-h-5 text-sm text-slate-600">
      {keptAt !== null && t(updating ? 'home.kept.updating' : 'home.kept.kept', { when: format.relative(keptAt) })}
    </p>
  );
}

function HomeContent({ summary, summaryAt }: { summary: DashboardSummary; summaryAt: number }) {
  const { t } = useTranslation('dashboard');
  const format = useDashboardFormat();
  const money = useMoneyDialogs();
  const { notifications, activity, expiringSoon: expiring, balance, unreadNotifications: unread } = summary;

  // Only what fits what the account owns: renewing a domain needs a domain, upgrading hosting needs hosting
  // (docs/decisions/054-charts-and-the-look-of-a-brand.md).
  const quickActions = [
    summary.counts.domains > 0
      ? { key: 'renewDomain', to: '/dashboard/domains', icon: Globe }
      : { key: 'registerDomain', to: '/domains', icon: Globe },
    summary.counts.hosting > 0
      ? { key: 'upgradeHosting', to: '/dashboard/hosting', icon: TrendingUp }
      : { key: 'orderHosting', to: '/hosting', icon: Server },
    { key: 'contactSupport', to: '/dashboard/support', icon: LifeBuoy },
  ] as const;

  return (
    <>
      <GettingStartedChecklist ownsDomain={summary.counts.domains > 0} />
      <StatTiles stats={summary.counts} />
      <div className="mt-6">
        <HomeCharts />
      </div>

      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <div className="min-w-0 space-y-6 lg:col-span-2">
          <Panel
            title={t('home.notifications.title')}
            action={
              <Link
                to="/dashboard/notifications"
                className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:text-brand-800"
              >
                {t('home.notifications.viewAll')}
                <ArrowRight aria-hidden="true" className="size-4" />
              </Link>
            }
          >
            {notifications.length === 0 ? (
              <p className="text-sm text-slate-600">{t('notifications.empty.title')}</p>
            ) : (
              <>
                <p className="mb-3 text-sm text-slate-600">{t('notifications.unreadCount', { count: unread })}</p>
                <NotificationList notifications={notifications.slice(0, HOME_NOTIFICATIONS)} />
              </>
            )}
          </Panel>

          <Panel title={t('home.activity.title')}>
            {activity.length === 0 ? (
              <p className="text-sm text-slate-600">{t('home.activity.empty')}</p>
            ) : (
              <ActivityTimeline entries={activity} />
            )}
          </Panel>
        </div>

        <div className="min-w-0 space-y-6">
          <Panel title={t('home.quickActions.title')}>
            <ul className="grid gap-2">
              {quickActions.map(({ key, to, icon: Icon }) => (
                <li key={key}>
                  <Link to={to} className={buttonClasses('secondary', 'md', true) + ' justify-start'}>
                    <Icon aria-hidden="true" className="size-4 text-brand-700" />
                    {t(`home.quickActions.${key}`)}
                  </Link>
                </li>
              ))}
              <li>
                <Button variant="secondary" fullWidth className="justify-start" onClick={money.openAddFunds}>
                  <Plus aria-hidden="true" className="size-4 text-brand-700" />
                  {t('home.quickActions.addFunds')}
                </Button>
              </li>
            </ul>
          </Panel>

          <Panel title={t('home.expiring.title')}>
            {expiring.length === 0 ? (
              <p className="text-sm text-slate-600">{t('home.expiring.empty')}</p>
            ) : (
              <ul className="space-y-3">
                {expiring.map((service) => (
                  <li
                    key={`${service.kind}-${service.id}`}
                    className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-warning-600/25 bg-warning-50 p-3"
                  >
                    <div className="min-w-0">
                      <p className="font-semibold break-words text-slate-900">{service.name}</p>
                      <p className="text-sm text-warning-800">
                        {t(`home.expiring.kind.${service.kind}`)} ·{' '}
                        {t(
                          new Date(service.expiresAt).getTime() < summaryAt
                            ? 'home.expiring.expired'
                            : 'home.expiring.expires',
                          {
                            date: format.date(service.expiresAt),
                          },
                        )}
                      </p>
                    </div>
                    <Button
                      size="sm"
                      onClick={() =>
                        money.openRenew({ type: service.kind === 'domain' ? 'domain' : 'service', id: service.id })
                      }
                      aria-label={t('home.expiring.renewLabel', {
                        kind: t(`home.expiring.kind.${service.kind}`),
                        name: service.name,
                      })}
                    >
                      <RefreshCw aria-hidden="true" className="size-4" />
                      {t('home.expiring.renewNow')}
                    </Button>
                  </li>
                ))}
              </ul>
            )}
          </Panel>

          <BalanceCard balance={balance} onAddFunds={money.openAddFunds} />
        </div>
      </div>
      {money.dialogs}
    </>
  );
}
