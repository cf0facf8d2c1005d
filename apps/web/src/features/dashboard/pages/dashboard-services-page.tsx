import { ArrowRight, DatabaseBackup, Mail, Package, ShieldCheck, ShieldHalf, type LucideIcon } from 'lucide-react';
import { findServicePlan } from '@hostpilot/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ButtonLink } from '@/components/ui/button-link';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import type { AdditionalServiceKind } from '../api/types';
import { QueryView } from '@/components/ui/query-view';
import { Skeleton } from '@/components/ui/skeleton';
import { useAdditionalServices } from '../api/use-dashboard-data';
import type { AdditionalService } from '../api/types';
import { ServiceBilling } from '../components/money/service-billing';
import { useMoneyDialogs } from '../components/money/use-money-dialogs';
import { Panel } from '../components/panel';
import { dashboardPaths } from '../lib/paths';
import { useDashboardFormat } from '../lib/use-dashboard-format';
import { ServiceCardHeading } from '../components/service-card-heading';

const KINDS = ['ssl', 'backup', 'email', 'security'] as const;

const KIND_ICON: Record<AdditionalServiceKind, LucideIcon> = {
  ssl: ShieldCheck,
  backup: DatabaseBackup,
  email: Mail,
  security: ShieldHalf,
  other: Package,
};

export function DashboardServicesPage() {
  const { t } = useTranslation('dashboard');
  const query = useAdditionalServices();
  const browse = (
    <ButtonLink to="/services" variant="secondary">
      {t('services.browse')}
    </ButtonLink>
  );

  return (
    <>
      <PageHeader title={t('services.heading')} description={t('services.intro')} actions={browse} />
      <QueryView
        query={query}
        loadingLabel={t('services.loading')}
        errorTitle={t('services.loadError')}
        skeleton={
          <div className="grid gap-6 lg:grid-cols-2">
            <Skeleton className="h-56" />
            <Skeleton className="h-56" />
          </div>
        }
      >
        {(services) => <ServicesContent services={services} browse={browse} />}
      </QueryView>
    </>
  );
}

function ServicesContent({ services, browse }: { services: AdditionalService[]; browse: React.ReactNode }) {
  const { t } = useTranslation('dashboard');
  const format = useDashboardFormat();
  const money = useMoneyDialogs();
  const missing = KINDS.filter((kind) => !services.some((service) => service.kind === kind));
  return (
    <>
      {services.length === 0 ? (
        <EmptyState
          icon={Package}
          title={t('services.empty.title')}
          description={t('services.empty.description')}
          action={browse}
        />
      ) : (
        <ul className="grid gap-6 lg:grid-cols-2">
          {services.map((service) => {
            return (
              <li
                key={service.id}
                className="min-w-0 rounded-(--radius-card) border border-slate-200 bg-white p-5 shadow-(--shadow-card) sm:p-6"
              >
                <ServiceCardHeading
                  icon={KIND_ICON[service.kind]}
                  title={service.name}
                  subtitle={service.domain}
                  status={service.status}
                  setup={service.setup}
                />
                <dl className="mt-4 grid grid-cols-2 gap-3 text-sm">
                  <div>
                    <dt className="text-slate-500">{t('services.expires')}</dt>
                    <dd className="font-medium text-slate-900">{format.date(service.expiresAt)}</dd>
                  </div>
                  <div>
                    <dt className="text-slate-500">{t('services.price')}</dt>
                    <dd className="font-medium text-slate-900">
                      {t(service.billingPeriod === 'month' ? 'services.perMonth' : 'services.perYear', {
                        price: format.money(service.price),
                      })}
                    </dd>
                  </div>
                </dl>
                <ServiceBilling
                  money={money}
                  service={{
                    ...service,
                    planName: findServicePlan(service.serviceKind, service.planId)?.name ?? service.planId,
                  }}
                >
                  {service.kind === 'ssl' && (
                    <ButtonLink to={dashboardPaths.certificate(service.id)} variant="secondary" size="sm">
                      <ShieldCheck aria-hidden="true" className="size-4" />
                      {t('certificates.page.open')} <span className="sr-only">{service.name}</span>
                    </ButtonLink>
                  )}
                </ServiceBilling>
              </li>
            );
          })}
        </ul>
      )}
      {missing.length > 0 && (
        <Panel title={t('services.more.title')} className="mt-6">
          <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
            {missing.map((kind) => {
              const Icon = KIND_ICON[kind];
              return (
                <li key={kind}>
                  <Link
                    to={`/services#${kind}`}
                    className="flex h-full gap-3 rounded-xl border border-slate-200 p-4 transition-colors hover:border-brand-300 hover:bg-brand-50/40"
                  >
                    <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
                    <span className="min-w-0">
                      <span className="flex items-center gap-1 font-semibold text-slate-900">
                        {t(`services.more.${kind}.title`)}
                        <ArrowRight aria-hidden="true" className="size-4 text-brand-700" />
                      </span>
                      <span className="mt-1 block text-sm text-slate-600">{t(`services.more.${kind}.text`)}</span>
                    </span>
                  </Link>
                </li>
              );
            })}
          </ul>
        </Panel>
      )}
      {money.dialogs}
    </>
  );
}
