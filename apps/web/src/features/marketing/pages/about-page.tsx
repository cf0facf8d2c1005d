import { Clock, Gauge, Globe2, Handshake, Headset, LockKeyhole, Receipt } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@/components/ui/button-link';
import { useSiteFacts } from '../api/use-catalog';
import { CheckList } from '../components/check-list';
import { CtaBand } from '../components/cta-band';
import { FeatureGrid } from '../components/feature-grid';
import { PageHero } from '../components/page-hero';
import { Section } from '../components/section';
import { usePlanFormat } from '../lib/use-plan-format';
import { useTranslatedList } from '../lib/use-translated-list';

const REASONS = [
  { id: 'uptime', icon: Clock },
  { id: 'support', icon: Headset },
  { id: 'speed', icon: Gauge },
  { id: 'security', icon: LockKeyhole },
  { id: 'locations', icon: Globe2 },
  { id: 'pricing', icon: Receipt },
] as const;

/** docs/product/screens.md: the mission and the why-choose-us list; also the partner program the home page links to. */
export function AboutPage() {
  const { t } = useTranslation('marketing');
  const facts = useSiteFacts();
  const { percent } = usePlanFormat();
  const list = useTranslatedList();
  const values = { uptime: percent(facts.uptimePercent), support: facts.supportHours, count: facts.dataCenterCount };
  const figures = { uptime: values.uptime, support: values.support, locations: values.count };
  return (
    <>
      <PageHero eyebrow={t('about.eyebrow')} title={t('about.heading')} intro={t('about.intro')} />
      <Section title={t('about.mission.title')} align="start" className="pt-4 sm:pt-6">
        <div className="grid gap-10 lg:grid-cols-[1.4fr_1fr] lg:gap-16">
          <div className="space-y-5 text-lg leading-8 text-slate-700">
            {list('about.mission.paragraphs').map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </div>
          <dl className="grid content-start gap-4 sm:grid-cols-3 lg:grid-cols-1">
            {(['uptime', 'support', 'locations'] as const).map((id) => (
              <div key={id} className="flex flex-col rounded-(--radius-card) bg-brand-50 p-6">
                <dt className="order-last mt-1 text-sm text-slate-700">{t(`about.stats.${id}.label`, values)}</dt>
                <dd className="text-3xl font-bold tracking-tight text-brand-800">{figures[id]}</dd>
              </div>
            ))}
          </dl>
        </div>
      </Section>
      <Section tone="muted" title={t('about.why.title')} intro={t('about.why.intro', values)}>
        <FeatureGrid items={REASONS} keyPrefix="about.why.items" values={values} layout="six" />
      </Section>
      <Section id="partners" title={t('partners.title')} intro={t('about.partners.intro')}>
        <div className="mx-auto grid max-w-4xl gap-8 rounded-(--radius-card) border border-slate-200 bg-white p-6 shadow-(--shadow-card) sm:p-10 md:grid-cols-[auto_1fr]">
          <span className="inline-flex size-14 items-center justify-center rounded-2xl bg-brand-50 text-brand-700">
            <Handshake aria-hidden="true" className="size-7" />
          </span>
          <div>
            <CheckList items={list('partners.benefits')} />
            <p className="mt-6 text-slate-600">{t('about.partners.how')}</p>
            <ButtonLink
              to={`/contact?${new URLSearchParams({ topic: t('partners.title') })}`}
              size="lg"
              className="mt-6"
            >
              {t('about.partners.cta')}
            </ButtonLink>
          </div>
        </div>
      </Section>
      <CtaBand title={t('about.cta.title')} text={t('about.cta.text')}>
        <ButtonLink to="/hosting" size="lg" variant="inverse">
          {t('about.cta.plans')}
        </ButtonLink>
        <ButtonLink to="/contact" size="lg" variant="outline-inverse">
          {t('about.cta.contact')}
        </ButtonLink>
      </CtaBand>
    </>
  );
}
