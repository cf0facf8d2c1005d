import type { StatusTone } from '@/lib/status';

/** Badge colours per tone: text and background pass WCAG AA contrast. */
export const TONE_BADGE: Record<StatusTone, string> = {
  success: 'bg-success-50 text-success-800 ring-success-600/20',
  warning: 'bg-warning-50 text-warning-800 ring-warning-600/25',
  danger: 'bg-danger-50 text-danger-800 ring-danger-600/20',
  info: 'bg-info-50 text-info-800 ring-info-600/20',
  neutral: 'bg-slate-100 text-slate-700 ring-slate-500/20',
};

export const TONE_BAR: Record<StatusTone, string> = {
  success: 'bg-success-600',
  warning: 'bg-warning-600',
  danger: 'bg-danger-600',
  info: 'bg-info-600',
  neutral: 'bg-slate-500',
};
