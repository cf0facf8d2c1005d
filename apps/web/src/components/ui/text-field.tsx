import { forwardRef, type InputHTMLAttributes } from 'react';
import { Field } from './field';
import { Input } from './input';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  /** The translated error, shown only when the caller decides (e.g. the field was touched). */
  error?: string;
  hint?: string;
}

/** A labelled input whose error and hint are announced with it: `Field` around an `Input`. */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, error, hint, className, ...props },
  ref,
) {
  return (
    <Field label={label} error={error} hint={hint} className={className}>
      {(control) => <Input ref={ref} {...props} {...control} />}
    </Field>
  );
});
