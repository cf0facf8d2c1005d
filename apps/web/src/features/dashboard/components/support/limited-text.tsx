import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, type FieldControlProps } from '@/components/ui/field';
import { cn } from '@/lib/cn';

export interface LimitedTextProps {
  label: string;
  /** What is typed now, for the counter. */
  length: number;
  max: number;
  error?: string;
  children: (control: FieldControlProps) => ReactNode;
}

/**
 * A field with a limit on its length: the counter ("12 / 150") stays under it, also while an error shows, and
 * turns red past the limit; it is part of the field's description, so it is read with the field.
 */
export function LimitedText({ label, length, max, error, children }: LimitedTextProps) {
  const { t } = useTranslation('dashboard');
  return (
    <Field label={label} error={error} hint={t('support.form.counter', { length, max })}>
      {(control) => (
        <>
          {children(control)}
          {error && (
            <p className={cn('mt-1.5 text-sm', length > max ? 'text-danger-700' : 'text-slate-500')}>
              {t('support.form.counter', { length, max })}
            </p>
          )}
        </>
      )}
    </Field>
  );
}
