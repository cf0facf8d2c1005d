import type { ButtonHTMLAttributes } from 'react';
import { cn } from '@/lib/cn';
import { type ButtonSize, type ButtonVariant, buttonClasses } from './button-styles';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
}

export function Button({ variant, size, fullWidth, className, type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={cn(buttonClasses(variant, size, fullWidth), className)} {...props} />;
}
