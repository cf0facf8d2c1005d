import { DATA_CENTERS } from '@hostpilot/shared';
import { CreditCard, Landmark, MapPin, Wallet } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Container } from '@/components/ui/container';
import { cn } from '@/lib/cn';
import { useDemoMode } from '@/lib/use-demo-mode';
import { useHydrated } from '@/lib/use-hydrated';
import worldMap from '@/assets/brand/world-map.svg';

/**
 * Where each city sits on the map (`assets/brand/world-map.svg`, an equirectangular projection from 75° N to 56° S),
 * as classes: the Content-Security-Policy allows no style attribute in the prerendered HTML. The dot's centre is on
 * the city (percent of the map's width and height); the label takes the side that keeps London's and Frankfurt's apart.
 */
const PINS: Record<string, { place: string; side: 'left' | 'right' }> = {
  'new-york': { place: 'right-[70.56%] top-[26.18%] translate-x-[6px]', side: 'left' },
  london: { place: 'right-[50.03%] top-[17.94%] translate-x-[6px]', side: 'left' },
  frankfurt: { place: 'left-[52.42%] top-[19.01%] -translate-x-[6px]', side: 'right' },
  singapore: { place: 'left-[78.83%] top-[56.21%] -translate-x-[6px]', side: 'right' },
};

/**
 * Trust signals that are true of this product (docs/decisions/054-charts-and-the-look-of-a-brand.md): the four
 * data-centre cities a server can be placed in, on a map of our own, and the ways the checkout takes payment
 * (the balance and bank transfer always; a card only where the server runs in demo mode, as the test card).
 */
export function HomeTrust() {
  const { t } = useTranslation('marketing');
  const headingId = useId();
  const paymentsId = useId();
  // The prerendered page is the same for every server; the demo's card shows once the page knows it is a demo.
  const hydrated = useHydrated();
  const demo = useDemoMode();
  const methods = [
    { key: 'balance', icon: Wallet },
    { key: 'bankTransfer', icon: Landmark },
    ...(hydrated && demo ? [{ key: 'testCard', icon: CreditCard }] : []),
  ];
  return (
    <section aria-labelledby={headingId} className="bg-white py-16 sm:py-20" data-testid="home-trust">
      <Container>
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{t('home.trust.eyebrow')}</p>
          <h2 id={headingId} className="mt-2 text-3xl font-bold tracking-tight text-balance text-slate-900">
            {t('home.trust.title')}
          </h2>
          <p className="mt-4 text-lg leading-8 text-pretty text-slate-600">{t('home.trust.intro')}</p>
        </div>
        <div className="mt-10 rounded-3xl border border-slate-200 bg-slate-50/60 p-4 sm:p-8">
          <div className="relative mx-auto max-w-4xl">
            <img
              src={worldMap}
              width={1000}
              height={364}
              alt=""
              loading="lazy"
              decoding="async"
              className="block h-auto w-full"
            />
            {DATA_CENTERS.map(({ id }) => {
              const pin = PINS[id];
              if (!pin) return null;
              return (
                <span
                  key={id}
                  aria-hidden="true"
                  className={cn('absolute flex -translate-y-1/2 items-center gap-1.5', pin.place)}
                >
                  <span className={cn('relative flex size-3', pin.side === 'left' && 'order-last')}>
                    <span className="absolute inline-flex size-full animate-ping rounded-full bg-brand-400 opacity-60 motion-reduce:animate-none" />
                    <span className="relative inline-flex size-3 rounded-full border-2 border-white bg-brand-600" />
                  </span>
                  <span className="hidden rounded-md bg-white/90 px-1.5 py-0.5 text-xs font-semibold whitespace-nowrap text-slate-800 shadow-sm sm:inline">
                    {t(`cities.${id}`)}
                  </span>
                </span>
              );
            })}
          </div>
          <ul
            aria-label={t('home.trust.citiesLabel')}
            className="mx-auto mt-6 grid max-w-3xl grid-cols-2 gap-3 sm:grid-cols-4"
          >
            {DATA_CENTERS.map(({ id }) => (
              <li key={id} className="flex items-center justify-center gap-1.5 text-sm font-medium text-slate-700">
                <MapPin aria-hidden="true" className="size-4 shrink-0 text-brand-600" />
                {t(`cities.${id}`)}
              </li>
            ))}
          </ul>
        </div>
        <div className="mt-10 text-center">
          <h3 id={paymentsId} className="text-base font-semibold text-slate-900">
            {t('home.trust.paymentsTitle')}
          </h3>
          <ul aria-labelledby={paymentsId} className="mt-4 flex flex-wrap justify-center gap-3">
            {methods.map(({ key, icon: Icon }) => (
              <li
                key={key}
                className="inline-flex items-center gap-2 rounded-xl border border-slate-200 bg-white px-4 py-2.5 text-sm font-medium text-slate-800 shadow-sm"
              >
                <Icon aria-hidden="true" className="size-5 text-brand-700" />
                {t(`home.trust.payments.${key}`)}
              </li>
            ))}
          </ul>
          <p className="mx-auto mt-3 max-w-xl text-sm text-slate-600">{t('home.trust.paymentsNote')}</p>
        </div>
      </Container>
    </section>
  );
}
