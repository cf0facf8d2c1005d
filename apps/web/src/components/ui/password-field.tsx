import { Eye, EyeOff } from 'lucide-react';
import { type InputHTMLAttributes, type Ref, useState } from 'react';
import { Field } from './field';
import { Input } from './input';

export interface PasswordFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> {
  label: string;
  error?: string;
  hint?: string;
  /** Text of the toggle: "Show" / "Hide", translated by the caller. */
  showLabel: string;
  hideLabel: string;
  ref?: Ref<HTMLInputElement>;
}

/** A password input with a Show/Hide toggle (a pressed button, announced as such). */
export function PasswordField({
  label,
  error,
  hint,
  showLabel,
  hideLabel,
  className,
  ref,
  ...props
}: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <Field label={label} error={error} hint={hint} className={className}>
      {(control) => (
        <div className="relative">
          <Input ref={ref} {...props} {...control} type={visible ? 'text' : 'password'} className="pr-24" />
          <button
            type="button"
            aria-controls={control.id}
            aria-pressed={visible}
            onClick={() => setVisible((value) => !value)}
            className="absolute inset-y-1 right-1 inline-flex items-center gap-1.5 rounded-md px-2.5 text-sm font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900"
          >
            {visible ? <EyeOff aria-hidden="true" className="size-4" /> : <Eye aria-hidden="true" className="size-4" />}
            {visible ? hideLabel : showLabel}
          </button>
        </div>
      )}
    </Field>
  );
}
