import type { Ref, TextareaHTMLAttributes } from 'react';
import { cn } from '@/lib/cn';
import { inputClasses } from './field-styles';

export interface TextareaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  ref?: Ref<HTMLTextAreaElement>;
}

/** A multi-line text box in the shared look; `aria-invalid` shows it in error. */
export function Textarea({ className, rows = 5, ref, ...props }: TextareaProps) {
  const invalid = props['aria-invalid'] === true || props['aria-invalid'] === 'true';
  return <textarea ref={ref} rows={rows} className={cn(inputClasses(invalid), 'resize-y', className)} {...props} />;
}
