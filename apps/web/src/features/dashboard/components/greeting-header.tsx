import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';
import { dayPart } from '../lib/greeting';

/**
 * The dashboard home's h1: "Good morning, Anna" by the reader's clock (docs/product/screens.md and
 * docs/product/constants.md).
 */
export function GreetingHeader({ firstName, now = new Date() }: { firstName: string; now?: Date }) {
  const { t } = useTranslation('dashboard');
  const part = dayPart(now);
  return (
    <PageHeader
      title={firstName ? t(`home.greeting.${part}`, { name: firstName }) : t(`home.greetingNoName.${part}`)}
      description={t('home.intro')}
    />
  );
}
