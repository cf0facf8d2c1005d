import type { HostingFeatureId, HostingPlan } from '@hostpilot/shared';
import { Check, Minus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { usePlanFormat } from '../lib/use-plan-format';

/** Every plan's numbers and features side by side, so "compare features" has something to compare. */
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
  return (
    <div className="relative overflow-x-auto rounded-(--radius-card) border border-slate-200 bg-white shadow-(--shadow-card)">
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
                  {typeof cell === 'string' ? (
                    cell
                  ) : cell ? (
                    <>
                      <Check aria-hidden="true" className="mx-auto size-5 text-success-600" />
                      <span className="sr-only">{t('hosting.compare.included')}</span>
                    </>
                  ) : (
                    <>
                      <Minus aria-hidden="true" className="mx-auto size-5 text-slate-300" />
                      <span className="sr-only">{t('hosting.compare.notIncluded')}</span>
                    </>
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
