import type { HostingFeatureId, HostingPlan } from '@hostpilot/shared';
import { Check, Minus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { usePlanFormat } from '../lib/use-plan-format';

/**
 * Every plan's numbers and features side by side, so "compare features" has something to compare. On a phone a
 * table of four plans shows only its first column, so there each plan is a card of the same rows (decision 053);
 * from 640 px on, the table.
 */
export function HostingCompareTable({ plans, caption }: { plans: readonly HostingPlan[]; caption: string }) {
  const { t } = useTranslation('marketing');
  const format = usePlanFormat();
  const features = [...new Set(plans.flatMap((plan) => plan.features))] as HostingFeatureId[];
  const rows: { label: string; cells: (string | boolean)[] }[] = [
    {
      label: t('specs.price'),
      cells: plans.map((plan) => t('price.perMonthInline', { price: format.money(plan.price) })),
    },
    { label: t('specs.storage'), cells: plans.map((plan) => format.size(plan.storage)) },
    { label: t('specs.bandwidth'), cells: plans.map((plan) => format.sizeOrUnlimited(plan.bandwidth)) },
    { label: t('specs.domains'), cells: plans.map((plan) => format.domains(plan.domains)) },
    ...features.map((feature) => ({
      label: t(`hostingFeatures.${feature}`),
      cells: plans.map((plan) => plan.features.includes(feature)),
    })),
  ];
  const mark = (included: boolean) =>
    included ? (
      <>
        <Check aria-hidden="true" className="size-5 text-success-600" />
        <span className="sr-only">{t('hosting.compare.included')}</span>
      </>
    ) : (
      <>
        <Minus aria-hidden="true" className="size-5 text-slate-300" />
        <span className="sr-only">{t('hosting.compare.notIncluded')}</span>
      </>
    );
  return (
    <>
      <ul aria-label={caption} className="grid gap-4 sm:hidden">
        {plans.map((plan, index) => (
          <li
            key={plan.id}
            className="rounded-(--radius-card) border border-slate-200 bg-white p-5 shadow-(--shadow-card)"
          >
            <h3 className="text-lg font-semibold text-slate-900">{plan.name}</h3>
            <dl className="mt-3 divide-y divide-slate-100 text-sm">
              {rows.map((row) => {
                const cell = row.cells[index];
                return (
                  <div key={row.label} className="flex items-center justify-between gap-4 py-2">
                    <dt className="text-slate-700">{row.label}</dt>
                    <dd className="text-right font-medium text-slate-900">
                      {typeof cell === 'string' ? cell : mark(Boolean(cell))}
                    </dd>
                  </div>
                );
              })}
            </dl>
          </li>
        ))}
      </ul>
      <div className="relative hidden overflow-x-auto rounded-(--radius-card) border border-slate-200 bg-white shadow-(--shadow-card) sm:block">
        <table className="w-full min-w-[36rem] text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-slate-50">
            <tr>
              <th scope="col" className="px-4 py-3 font-semibold text-slate-700 sm:px-6">
                {t('hosting.compare.feature')}
              </th>
              {plans.map((plan) => (
                <th key={plan.id} scope="col" className="px-4 py-3 text-center font-semibold text-slate-900 sm:px-6">
                  {plan.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((row) => (
              <tr key={row.label}>
                <th scope="row" className="px-4 py-3 font-normal text-slate-700 sm:px-6">
                  {row.label}
                </th>
                {row.cells.map((cell, index) => (
                  <td key={plans[index]?.id} className="px-4 py-3 text-center font-medium text-slate-900 sm:px-6">
                    {typeof cell === 'string' ? cell : <span className="flex justify-center">{mark(cell)}</span>}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
