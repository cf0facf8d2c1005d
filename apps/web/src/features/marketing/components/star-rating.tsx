import { Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';

export interface StarRatingProps {
  rating: number;
  max: number;
}

/** Stars drawn for the eye, one sentence for a screen reader ("Rated 4 out of 5"). */
export function StarRating({ rating, max }: StarRatingProps) {
  const { t } = useTranslation('marketing');
  return (
    <div role="img" aria-label={t('testimonials.rating', { rating, max })} className="flex gap-0.5">
      {Array.from({ length: max }, (_, index) => (
        <Star
          key={index}
          aria-hidden="true"
          className={cn('size-5', index < rating ? 'fill-amber-400 text-amber-400' : 'fill-slate-200 text-slate-200')}
        />
      ))}
    </div>
  );
}
