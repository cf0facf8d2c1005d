import { forwardRef, type InputHTMLAttributes } from 'react';
import { cn } from '@/lib/cn';
import { inputClasses } from './field-styles';

export type InputProps = InputHTMLAttributes<HTMLInputElement>;

/**
 * A text input in the shared look; `aria-invalid` shows it in error.
 * `forwardRef`, not React 19's ref-as-prop: production builds run on Preact (decision 006), which passes a
 * ref to a function component only through `forwardRef`. Form libraries need the real element.
 */
export const Input = forwardRef<HTMLInputElement, InputProps>(function Input({ className, ...props }, ref) {
  const invalid = props['aria-invalid'] === true || props['aria-invalid'] === 'true';
  return <input ref={ref} className={cn(inputClasses(invalid), className)} {...props} />;
});
