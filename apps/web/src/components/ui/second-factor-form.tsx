import { zodResolver } from '@hookform/resolvers/zod';
import { type FieldError, recoveryCodeSchema, totpCodeSchema } from '@hostpilot/shared';
import { z } from '@hostpilot/shared/zod';
import { type ReactNode, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { SecondFactor } from '@/lib/session-store';
import { Button } from './button';
import { TextField } from './text-field';

type Mode = 'code' | 'recoveryCode';
type Values = { code: string; recoveryCode: string };

const schemas = {
  code: z.object({ code: totpCodeSchema, recoveryCode: z.string() }),
  recoveryCode: z.object({ code: z.string(), recoveryCode: recoveryCodeSchema }),
};

export interface SecondFactorFormProps {
  /** Offer a recovery code besides a code from the app (default true). */
  allowRecovery?: boolean;
  submitLabel: string;
  submittingLabel: string;
  /** Sends the factor; answers the API's field errors to show (their codes are validation.* keys), or null. */
  onSubmit: (factor: SecondFactor) => Promise<Record<string, FieldError> | null>;
  /** Told when the user switches between a code and a recovery code. */
  onModeChange?: (mode: Mode) => void;
  /** Buttons beside the submit button (Cancel, Back). */
  children?: ReactNode;
  fullWidth?: boolean;
}

/**
 * A code from the authenticator app, or (toggled) a recovery code: the sign-in's second step and every two-factor
 * change use it (docs/decisions/023-two-factor-sign-in.md). The code field takes focus, and a refused code's
 * message is announced on its field.
 */
export function SecondFactorForm({
  allowRecovery = true,
  submitLabel,
  submittingLabel,
  onSubmit,
  onModeChange,
  children,
  fullWidth,
}: SecondFactorFormProps) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<Mode>('code');
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<Values>({
    resolver: zodResolver(schemas[mode]),
    defaultValues: { code: '', recoveryCode: '' },
  });

  function switchMode() {
    const next: Mode = mode === 'code' ? 'recoveryCode' : 'code';
    clearErrors();
    setMode(next);
    onModeChange?.(next);
    // The field appears on the next render; focus it there.
    setTimeout(() => setFocus(next), 0);
  }

  const message = (name: Mode) => {
    const key = errors[name]?.message;
    return key ? t(key) : undefined;
  };

  return (
    <form
      noValidate
      className="space-y-5"
      onSubmit={handleSubmit(async (values) => {
        const factor: SecondFactor = mode === 'code' ? { code: values.code } : { recoveryCode: values.recoveryCode };
        const fields = await onSubmit(factor);
        if (!fields) return;
        const named = fields[mode] ?? fields.code ?? fields.recoveryCode;
        if (named) setError(mode, { message: named.code }, { shouldFocus: true });
      })}
    >
      {mode === 'code' ? (
        <TextField
          key="code"
          label={t('twoFactor.code')}
          hint={t('twoFactor.codeHint')}
          inputMode="numeric"
          autoComplete="one-time-code"
          autoFocus
          maxLength={9}
          spellCheck={false}
          error={message('code')}
          {...register('code')}
        />
      ) : (
        <TextField
          key="recoveryCode"
          label={t('twoFactor.recoveryCode')}
          hint={t('twoFactor.recoveryCodeHint')}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={40}
          error={message('recoveryCode')}
          {...register('recoveryCode')}
        />
      )}
      {allowRecovery && (
        <button
          type="button"
          onClick={switchMode}
          className="rounded text-sm font-semibold text-brand-700 underline-offset-2 hover:underline"
        >
          {mode === 'code' ? t('twoFactor.useRecovery') : t('twoFactor.useCode')}
        </button>
      )}
      <div className="flex flex-wrap gap-3">
        <Button
          type="submit"
          size={fullWidth ? 'lg' : 'md'}
          fullWidth={fullWidth}
          disabled={isSubmitting}
          aria-busy={isSubmitting}
        >
          {isSubmitting ? submittingLabel : submitLabel}
        </Button>
        {children}
      </div>
    </form>
  );
}
