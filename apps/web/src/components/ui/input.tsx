import type { InputHTMLAttributes, Ref } from 'react';
import { cn } from '@/lib/cn';
import { inputClasses } from './field-styles';

export interface InputProps extends InputHTMLAttributes<HTMLInputElement> {
  ref?: Ref<HTMLInputElement>;
}

/** A text input in the shared look; `aria-invalid` shows it in error. Form libraries get the element by `ref`. */
export function Input({ className, ref, ...props }: InputProps) {
  const invalid = props['aria-invalid'] === true || props['aria-invalid'] === 'true';
  return <input ref={ref} className={cn(inputClasses(invalid), className)} {...props} />;
}
