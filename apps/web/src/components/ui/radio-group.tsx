import { type ReactNode, useId } from 'react';
import { cn } from '@/lib/cn';
import { FieldError } from './field-error';

export interface RadioOption<V extends string> {
  value: V;
  label: ReactNode;
  description?: ReactNode;
}

export interface RadioGroupProps<V extends string> {
  /** The question, as the group's legend. */
  legend: string;
  name: string;
  value: V;
  onChange: (value: V) => void;
  options: readonly RadioOption<V>[];
  /** Already translated; announced with the group. */
  error?: string;
  className?: string;
}

/**
 * A choice of one among a few, as native radio buttons in a fieldset: arrow keys move between them, the legend
 * names the group and an error is tied to it. Each option is a card-like label, large enough to tap.
 */
export function RadioGroup<V extends string>({
  legend,
  name,
  value,
  onChange,
  options,
  error,
  className,
}: RadioGroupProps<V>) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <fieldset className={className} aria-describedby={error ? errorId : undefined} aria-invalid={Boolean(error)}>
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      <div className="mt-1.5 grid gap-2">
        {options.map((option) => {
          const optionId = `${id}-${option.value}`;
          const checked = option.value === value;
          return (
            <label
              key={option.value}
              htmlFor={optionId}
              className={cn(
                'flex cursor-pointer gap-3 rounded-xl border px-3.5 py-3 text-sm transition-colors',
                checked ? 'border-brand-500 bg-brand-50/60' : 'border-slate-300 hover:bg-slate-50',
              )}
            >
              <input
                id={optionId}
                type="radio"
                name={name}
                value={option.value}
                checked={checked}
                onChange={() => onChange(option.value)}
                aria-describedby={option.description ? `${optionId}-description` : undefined}
                className="mt-0.5 size-4 shrink-0 accent-brand-600"
              />
              <span className="min-w-0">
                <span className="block font-medium text-slate-900">{option.label}</span>
                {option.description && (
                  <span id={`${optionId}-description`} className="mt-0.5 block text-slate-600">
                    {option.description}
                  </span>
                )}
              </span>
            </label>
          );
        })}
      </div>
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}
