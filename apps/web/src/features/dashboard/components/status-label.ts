import { useTranslation } from 'react-i18next';

/** The translated name of any status value ("active" → "Active" / "Активен"). */
export function useStatusLabel() {
  const { t } = useTranslation('dashboard');
  return (status: string) => t(`status.${status}`, { defaultValue: status });
}
