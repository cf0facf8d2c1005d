import { cn } from '@/lib/cn';

/** Classes of text inputs, selects and textareas; red when the field has an error. */
export function inputClasses(invalid = false): string {
  return cn(
    'block w-full rounded-lg border bg-white px-3.5 py-2.5 text-base text-slate-900 shadow-sm transition-colors sm:text-sm',
    'placeholder:text-slate-400 focus:outline-none focus:ring-3',
    'disabled:cursor-not-allowed disabled:bg-slate-50 disabled:text-slate-500',
    invalid
      ? 'border-danger-600 focus:border-danger-600 focus:ring-danger-600/20'
      : 'border-slate-300 focus:border-brand-500 focus:ring-brand-500/20',
  );
}
