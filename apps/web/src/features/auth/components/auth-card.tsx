import type { ReactNode } from 'react';
import { Container } from '@/components/ui/container';

export interface AuthCardProps {
  title: string;
  intro: string;
  children: ReactNode;
  footer?: ReactNode;
}

/** The frame of the sign-in and registration screens: one centred card with the page's h1. */
export function AuthCard({ title, intro, children, footer }: AuthCardProps) {
  return (
    <Container className="max-w-lg">
      <div className="rounded-(--radius-card) border border-slate-200 bg-white p-6 shadow-(--shadow-card) sm:p-8">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
        <p className="mt-2 text-slate-600">{intro}</p>
        <div className="mt-6">{children}</div>
      </div>
      {footer && <p className="mt-6 text-center text-sm text-slate-600">{footer}</p>}
    </Container>
  );
}
