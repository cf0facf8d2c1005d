import { ArrowRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@/components/ui/button-link';
import { CtaBand } from '../components/cta-band';
import { HomeDomainSearch } from '../components/home/home-domain-search';
import { HomeHero } from '../components/home/home-hero';
import { HomePartners } from '../components/home/home-partners';
import { HomePlans } from '../components/home/home-plans';
import { HomeProduct } from '../components/home/home-product';
import { HomeServices } from '../components/home/home-services';
import { HomeTestimonials } from '../components/home/home-testimonials';
import { HomeTrust } from '../components/home/home-trust';

export function HomePage() {
  const { t } = useTranslation('marketing');
  return (
    <>
      <HomeHero />
      <HomeDomainSearch />
      <HomePlans />
      <HomeProduct />
      <HomeServices />
      <HomeTestimonials />
      <HomeTrust />
      <HomePartners />
      <CtaBand title={t('home.cta.title')} text={t('home.cta.text')}>
        <ButtonLink to="/hosting" size="lg" variant="inverse">
          {t('home.cta.button')}
          <ArrowRight aria-hidden="true" className="size-5" />
        </ButtonLink>
      </CtaBand>
    </>
  );
}
