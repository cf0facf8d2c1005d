import { type ReactNode, useId } from 'react';
import { FieldError } from './field-error';

/** What a form control needs to be tied to its label, hint and error. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
}

export interface FieldProps {
  label: string;
  /** Already translated; shown (and announced) only when present. */
  error?: string;
  hint?: string;
  /** Renders the control with the ids and ARIA attributes that tie it to the label and messages. */
  children: (control: FieldControlProps) => ReactNode;
  className?: string;
}

/**
 * A labelled form field: label, control, optional hint, and the error message in red with an icon.
 * The control is described by the hint and the error, and marked invalid while there is an error.
 */
export function Field({ label, error, hint, children, className }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint && !error && hintId, error && errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="mt-1.5">{children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy })}</div>
      {hint && !error && (
        <p id={hintId} className="mt-1.5 text-sm text-slate-500">
          {hint}
        </p>
      )}
      <FieldError id={errorId} message={error} />
    </div>
  );
}
