import { ArrowRight, Clock, Globe2, Headset, ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@/components/ui/button-link';
import { Container } from '@/components/ui/container';
import { useSiteFacts } from '../../api/use-catalog';
import { usePlanFormat } from '../../lib/use-plan-format';
import { HeroBackdrop } from '../hero-backdrop';

/** docs/product/screens.md: the hero, with Get Started and a compare-features button, both to /hosting. */
export function HomeHero() {
  const { t } = useTranslation('marketing');
  const facts = useSiteFacts();
  const { percent } = usePlanFormat();
  const items = [
    { icon: Clock, value: percent(facts.uptimePercent), label: t('home.hero.facts.uptime') },
    { icon: Headset, value: facts.supportHours, label: t('home.hero.facts.support') },
    {
      icon: Globe2,
      value: String(facts.dataCenterCount),
      label: t('home.hero.facts.dataCenters', { count: facts.dataCenterCount }),
    },
    { icon: ShieldCheck, value: t('home.hero.facts.sslValue'), label: t('home.hero.facts.ssl') },
  ];
  return (
    <section className="relative isolate -mt-16 overflow-hidden bg-linear-to-b from-brand-50 via-brand-50/40 to-white pt-16">
      <HeroBackdrop />
      <Container className="grid items-center gap-12 pt-12 pb-16 sm:pt-16 lg:grid-cols-[1.15fr_1fr] lg:gap-16 lg:pt-20 lg:pb-24">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border border-brand-200 bg-white px-3 py-1 text-sm font-medium text-brand-800 shadow-sm">
            <span aria-hidden="true" className="size-2 rounded-full bg-success-600" />
            {t('home.hero.badge', { uptime: percent(facts.uptimePercent), support: facts.supportHours })}
          </p>
          <h1 className="mt-6 text-4xl font-bold tracking-tight text-balance text-slate-900 sm:text-5xl lg:text-6xl">
            {t('home.hero.title')}
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-8 text-pretty text-slate-600">{t('home.hero.intro')}</p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <ButtonLink to="/hosting" size="lg">
              {t('home.hero.getStarted')}
              <ArrowRight aria-hidden="true" className="size-5" />
            </ButtonLink>
            <ButtonLink to="/hosting" size="lg" variant="secondary">
              {t('home.hero.compare')}
            </ButtonLink>
          </div>
        </div>
        <div className="rounded-3xl border border-slate-200 bg-white/90 p-4 shadow-(--shadow-raised) sm:p-8">
          <h2 className="px-1 pt-1 text-base font-semibold text-slate-900 sm:p-0">{t('home.hero.facts.title')}</h2>
          <dl className="mt-4 grid grid-cols-2 gap-3 sm:mt-6 sm:gap-4">
            {items.map(({ icon: Icon, value, label }) => (
              <div key={label} className="flex flex-col rounded-2xl bg-slate-50 p-3 sm:p-4">
                <dt className="order-last mt-1 text-sm text-slate-600">{label}</dt>
                <dd className="text-xl font-bold tracking-tight text-slate-900 sm:text-3xl">
                  <Icon aria-hidden="true" className="mb-3 block size-6 text-brand-600" />
                  {value}
                </dd>
              </div>
            ))}
          </dl>
          <p className="mt-4 px-1 pb-1 text-sm text-slate-600 sm:mt-6 sm:p-0">{t('home.hero.facts.note')}</p>
        </div>
      </Container>
    </section>
  );
}
