import { Link, type LinkProps } from 'react-router';
import { cn } from '@/lib/cn';
import { type ButtonSize, type ButtonVariant, buttonClasses } from './button-styles';

export interface ButtonLinkProps extends LinkProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
}

/** A navigation link that looks like a button. */
export function ButtonLink({ variant, size, fullWidth, className, ...props }: ButtonLinkProps) {
  return <Link className={cn(buttonClasses(variant, size, fullWidth), className)} {...props} />;
}
