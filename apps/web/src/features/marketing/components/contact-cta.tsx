import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@/components/ui/button-link';
import { CtaBand } from './cta-band';

/** A page's closing call to action that leads to /contact; its words are `${keyPrefix}.title`, `.text`, `.button`. */
export function ContactCta({ keyPrefix }: { keyPrefix: string }) {
  const { t } = useTranslation('marketing');
  return (
    <CtaBand title={t(`${keyPrefix}.title`)} text={t(`${keyPrefix}.text`)}>
      <ButtonLink to="/contact" size="lg" variant="inverse">
        {t(`${keyPrefix}.button`)}
      </ButtonLink>
    </CtaBand>
  );
}
