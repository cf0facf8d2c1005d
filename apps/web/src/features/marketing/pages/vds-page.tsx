import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@/components/ui/button-link';
import { Container } from '@/components/ui/container';
import serverRack from '@/assets/brand/server-rack.svg';
import { useVdsPlans, useSiteFacts } from '../api/use-catalog';
import { CheckList } from '../components/check-list';
import { CtaBand } from '../components/cta-band';
import { PageHero } from '../components/page-hero';
import { PlanCards } from '../components/plan-cards';
import { Section } from '../components/section';
import { useAddToCart } from '../lib/use-add-to-cart';
import { usePlanFormat } from '../lib/use-plan-format';
import { useTranslatedList } from '../lib/use-translated-list';

/** docs/product/screens.md: three plans, one marked Most Popular, and the All Plans Include list. */
export function VdsPage() {
  const { t } = useTranslation('marketing');
  const plans = useVdsPlans();
  const facts = useSiteFacts();
  const format = usePlanFormat();
  const list = useTranslatedList();
  const cart = useAddToCart();
  return (
    <>
      <PageHero
        eyebrow={t('vds.eyebrow')}
        title={t('vds.heading')}
        intro={t('vds.intro')}
        illustration={{ src: serverRack, name: 'server-rack' }}
      />
      <Container className="pb-16 sm:pb-20">
        <PlanCards
          plans={plans}
          headingLevel={2}
          description={(plan) => t(`vdsPlans.${plan.id}`)}
          specs={(plan) => format.serverSpecs(plan.specs)}
          actionLabel={t('plan.orderNow')}
          orderLink={(plan) => cart.planLink('vds', plan.id)}
        />
      </Container>
      <Section tone="muted" title={t('vds.included.title')} intro={t('vds.included.intro')}>
        <div className="mx-auto max-w-3xl rounded-(--radius-card) border border-slate-200 bg-white p-6 shadow-(--shadow-card) sm:p-8">
          <CheckList items={list('vds.included.items', { uptime: format.percent(facts.uptimePercent) })} columns={2} />
        </div>
      </Section>
      <CtaBand title={t('vds.cta.title')} text={t('vds.cta.text')}>
        <ButtonLink to="/dedicated" size="lg" variant="inverse">
          {t('vds.cta.dedicated')}
        </ButtonLink>
        <ButtonLink to="/contact" size="lg" variant="outline-inverse">
          {t('vds.cta.contact')}
        </ButtonLink>
      </CtaBand>
      {cart.dialog}
    </>
  );
}
