import { Rocket, ShieldCheck, Zap } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useGameCatalog } from '../api/use-catalog';
import { ContactCta } from '../components/contact-cta';
import { FeatureGrid } from '../components/feature-grid';
import { PageHero } from '../components/page-hero';
import { PlanCards } from '../components/plan-cards';
import { Section } from '../components/section';
import { useAddToCart } from '../lib/use-add-to-cart';
import { usePlanFormat } from '../lib/use-plan-format';

/** docs/product/screens.md: High Performance, DDoS Protection and Instant Setup, then plans per game with Order Now. */
const FEATURES = [
  { id: 'performance', icon: Zap },
  { id: 'ddos', icon: ShieldCheck },
  { id: 'setup', icon: Rocket },
] as const;

export function GameServersPage() {
  const { t } = useTranslation('marketing');
  const games = useGameCatalog();
  const format = usePlanFormat();
  const cart = useAddToCart();
  return (
    <>
      <PageHero eyebrow={t('gameServers.eyebrow')} title={t('gameServers.heading')} intro={t('gameServers.intro')} />
      <Section title={t('gameServers.features.title')} className="pt-4 sm:pt-6">
        <FeatureGrid items={FEATURES} keyPrefix="gameServers.features" />
      </Section>
      {games.map((game, index) => (
        <Section
          key={game.id}
          id={game.id}
          tone={index % 2 === 0 ? 'muted' : 'white'}
          eyebrow={t('gameServers.plansEyebrow')}
          title={game.name}
          intro={t(`gameServers.games.${game.id}`)}
        >
          <PlanCards
            plans={game.plans}
            columns={2}
            description={(plan) => t(`gamePlans.${plan.id}`)}
            specs={(plan) => [
              { label: t('specs.slots'), value: format.slots(plan.slots) },
              { label: t('specs.cpu'), value: format.vcpu(plan.specs.cpu) },
              { label: t('specs.ram'), value: format.size(plan.specs.ram) },
              { label: t('specs.storage'), value: format.size(plan.specs.storage) },
            ]}
            actionLabel={t('plan.orderNow')}
            orderLink={(plan) => cart.planLink('game', plan.id)}
          />
        </Section>
      ))}
      <ContactCta keyPrefix="gameServers.cta" />
      {cart.dialog}
    </>
  );
}
