import type { LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { FeatureCard } from './feature-card';

export interface FeatureGridProps {
  items: readonly { id: string; icon: LucideIcon }[];
  /** Where the cards' words live: `${keyPrefix}.${id}.title` and `.text` in the marketing namespace. */
  keyPrefix: string;
  /** Values interpolated into every title and text. */
  values?: Record<string, string | number>;
  /** Three across on wide screens; `six` goes two then three across. */
  layout?: 'three' | 'six';
}

/** A grid of feature cards, each an icon, a title and a few words. */
export function FeatureGrid({ items, keyPrefix, values, layout = 'three' }: FeatureGridProps) {
  const { t } = useTranslation('marketing');
  return (
    <ul className={cn('grid gap-6', layout === 'three' ? 'md:grid-cols-3' : 'sm:grid-cols-2 lg:grid-cols-3')}>
      {items.map(({ id, icon }) => (
        <li key={id} className="flex">
          <FeatureCard
            icon={icon}
            title={t(`${keyPrefix}.${id}.title`, values)}
            text={t(`${keyPrefix}.${id}.text`, values)}
            className="w-full"
          />
        </li>
      ))}
    </ul>
  );
}
