import type { LucideIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import type { ButtonVariant } from '@/components/ui/button-styles';

export interface RowActionProps {
  label: string;
  /** What the row is (a domain, a name): announced with the label, e.g. "Suspend example.com". */
  subject: string;
  icon: LucideIcon;
  onClick: () => void;
  variant?: ButtonVariant;
  disabled?: boolean;
}

/** A button in a table row or card: a short visible label, its row named for screen readers. */
export function RowAction({ label, subject, icon: Icon, onClick, variant = 'secondary', disabled }: RowActionProps) {
  return (
    <Button
      size="sm"
      variant={variant}
      onClick={onClick}
      disabled={disabled}
      aria-label={`${label} ${subject}`}
      className="whitespace-nowrap"
    >
      <Icon aria-hidden="true" className="size-4" />
      {label}
    </Button>
  );
}
