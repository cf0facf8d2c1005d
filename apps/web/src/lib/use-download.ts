import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { saveFile } from '@/lib/save-file';
import { api } from '@/lib/session';

/**
 * Downloads a document the API writes (an invoice's PDF, a statement) in the reader's language and saves it under
 * the name the API gives it. `variables` is the path under /api; the mutation's state gives pending and error.
 */
export function useDownload() {
  const { i18n } = useTranslation();
  return useMutation({
    mutationFn: async (path: string) => {
      const separator = path.includes('?') ? '&' : '?';
      const language = i18n.resolvedLanguage === 'ru' ? 'ru' : 'en';
      saveFile(await api.download(`${path}${separator}lang=${language}`));
    },
  });
}
