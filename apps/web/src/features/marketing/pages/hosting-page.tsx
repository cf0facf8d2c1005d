import { useTranslation } from 'react-i18next';
import { Container } from '@/components/ui/container';
import webServer from '@/assets/brand/web-server.svg';
import { useHostingPlans, useSiteFacts } from '../api/use-catalog';
import { CheckList } from '../components/check-list';
import { ContactCta } from '../components/contact-cta';
import { HostingCompareTable } from '../components/hosting-compare-table';
import { PageHero } from '../components/page-hero';
import { PlanCards } from '../components/plan-cards';
import { Section } from '../components/section';
import { useAddToCart } from '../lib/use-add-to-cart';
import { usePlanFormat } from '../lib/use-plan-format';
import { useTranslatedList } from '../lib/use-translated-list';

/** docs/product/screens.md: three plan cards; Select answers honestly and makes no call. */
export function HostingPage() {
  const { t } = useTranslation('marketing');
  const plans = useHostingPlans();
  const facts = useSiteFacts();
  const format = usePlanFormat();
  const list = useTranslatedList();
  const cart = useAddToCart();
  return (
    <>
      <PageHero
        eyebrow={t('hosting.eyebrow')}
        title={t('hosting.heading')}
        intro={t('hosting.intro')}
        illustration={{ src: webServer, name: 'web-server' }}
      />
      <Container className="pb-16 sm:pb-20">
        <PlanCards
          plans={plans}
          headingLevel={2}
          description={(plan) => t(`hostingPlans.${plan.id}.description`)}
          specs={(plan) => [
            { label: t('specs.storage'), value: format.size(plan.storage) },
            { label: t('specs.bandwidth'), value: format.sizeOrUnlimited(plan.bandwidth) },
            { label: t('specs.domains'), value: format.domains(plan.domains) },
          ]}
          features={(plan) => plan.features.map((feature) => t(`hostingFeatures.${feature}`))}
          actionLabel={t('plan.select')}
          orderLink={(plan) => cart.planLink('hosting', plan.id)}
        />
      </Container>
      <Section id="compare" tone="muted" title={t('hosting.compare.title')} intro={t('hosting.compare.intro')}>
        <HostingCompareTable plans={plans} caption={t('hosting.compare.caption')} />
      </Section>
      <Section title={t('hosting.included.title')} intro={t('hosting.included.intro')}>
        <div className="mx-auto max-w-3xl">
          <CheckList
            items={list('hosting.included.items', { uptime: format.percent(facts.uptimePercent) })}
            columns={2}
          />
        </div>
      </Section>
      <ContactCta keyPrefix="hosting.cta" />
      {cart.dialog}
    </>
  );
}
