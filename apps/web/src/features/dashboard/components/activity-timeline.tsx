import { CreditCard, Globe, LifeBuoy, type LucideIcon, Server, UserRound } from 'lucide-react';
import type { Activity, ActivityKind } from '../api/types';
import { useDashboardFormat } from '../lib/use-dashboard-format';

const KIND_ICON: Record<ActivityKind, LucideIcon> = {
  hosting: Server,
  domain: Globe,
  payment: CreditCard,
  support: LifeBuoy,
  account: UserRound,
};

/** The recent-activity timeline: newest first, each entry with its date and time. */
export function ActivityTimeline({ entries }: { entries: Activity[] }) {
  const format = useDashboardFormat();
  return (
    <ol className="relative space-y-4 border-l border-slate-200 pl-6">
      {entries.map((entry) => {
        const Icon = KIND_ICON[entry.kind];
        return (
          <li key={entry.id} className="relative">
            <span className="absolute -left-[37px] inline-flex size-6 items-center justify-center rounded-full bg-brand-50 text-brand-700 ring-4 ring-white">
              <Icon aria-hidden="true" className="size-3.5" />
            </span>
            <p className="text-sm font-medium text-slate-800">{entry.description}</p>
            <p className="text-xs text-slate-500">
              <time dateTime={new Date(entry.createdAt).toISOString()} title={format.dateTime(entry.createdAt)}>
                {format.relative(entry.createdAt)}
              </time>
            </p>
          </li>
        );
      })}
    </ol>
  );
}
