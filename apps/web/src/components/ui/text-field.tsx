import type { InputHTMLAttributes, Ref } from 'react';
import { Field } from './field';
import { Input } from './input';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  /** The translated error, shown only when the caller decides (e.g. the field was touched). */
  error?: string;
  hint?: string;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input whose error and hint are announced with it: `Field` around an `Input`. */
export function TextField({ label, error, hint, className, ref, ...props }: TextFieldProps) {
  return (
    <Field label={label} error={error} hint={hint} className={className}>
      {(control) => <Input ref={ref} {...props} {...control} />}
    </Field>
  );
}
