import { GETTING_STARTED_STEPS, type GettingStarted, type GettingStartedStep } from '@hostpilot/shared';
import { ArrowRight, CheckCircle2, Circle, X } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ResendVerification } from '@/components/resend-verification';
import { Button } from '@/components/ui/button';
import { useDismissGettingStarted } from '../api/getting-started-actions';
import { useGettingStarted } from '../api/use-dashboard-data';

/** Where each open step is done; the domain step depends on whether the account has a domain here. */
function stepLink(step: GettingStartedStep, ownsDomain: boolean): string | null {
  switch (step) {
    case 'verifyEmail':
      return null;
    case 'firstOrder':
      return '/hosting';
    case 'pointDomain':
      return ownsDomain ? '/dashboard/domains' : '/domains';
    case 'uploadSite':
      return '/dashboard/hosting';
  }
}

/**
 * The first-run checklist of a new customer (docs/decisions/054-charts-and-the-look-of-a-brand.md): each step ticks
 * from the account's data as the API reads it now, the open ones link to where they are done, and the customer
 * may put the list away for good. It is not shown once every step is done or once put away.
 */
export function GettingStartedChecklist({ ownsDomain }: { ownsDomain: boolean }) {
  const { t } = useTranslation('dashboard');
  const query = useGettingStarted();
  const dismiss = useDismissGettingStarted();
  const headingId = useId();
  const data: GettingStarted | undefined = query.data;
  if (!data || data.dismissed) return null;
  const done = GETTING_STARTED_STEPS.filter((step) => data.steps[step]).length;
  if (done === GETTING_STARTED_STEPS.length) return null;
  const percent = Math.round((done / GETTING_STARTED_STEPS.length) * 100);
  return (
    <section
      aria-labelledby={headingId}
      className="mb-6 rounded-(--radius-card) border border-brand-200 bg-brand-50/60 p-5 shadow-(--shadow-card) sm:p-6"
      data-testid="getting-started"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={headingId} className="text-lg font-semibold text-slate-900">
            {t('home.gettingStarted.title')}
          </h2>
          <p className="mt-0.5 text-sm text-slate-700">
            {t('home.gettingStarted.progress', { done, count: GETTING_STARTED_STEPS.length })}
          </p>
        </div>
        <Button
          variant="ghost"
          size="sm"
          onClick={() => dismiss.mutate()}
          disabled={dismiss.isPending}
          aria-label={t('home.gettingStarted.dismissLabel')}
        >
          <X aria-hidden="true" className="size-4" />
          <span className="hidden sm:inline">{t('home.gettingStarted.dismiss')}</span>
        </Button>
      </div>
      <div
        className="mt-3 h-2 overflow-hidden rounded-full bg-white"
        role="progressbar"
        aria-valuenow={done}
        aria-valuemin={0}
        aria-valuemax={GETTING_STARTED_STEPS.length}
        aria-label={t('home.gettingStarted.title')}
      >
        <div className="h-full rounded-full bg-brand-600" style={{ width: `${percent}%` }} />
      </div>
      {dismiss.isError && (
        <p role="alert" className="mt-2 text-sm text-danger-700">
          {t('home.gettingStarted.dismissFailed')}
        </p>
      )}
      <ol className="mt-4 grid gap-3 md:grid-cols-2">
        {GETTING_STARTED_STEPS.map((step) => {
          const complete = data.steps[step];
          const to = stepLink(step, ownsDomain);
          return (
            <li
              key={step}
              className="flex items-start gap-3 rounded-xl border border-slate-200 bg-white p-4"
              data-step={step}
              data-done={complete}
            >
              {complete ? (
                <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-success-600" />
              ) : (
                <Circle aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-slate-400" />
              )}
              <div className="min-w-0">
                <p className="font-semibold text-slate-900">
                  {t(`home.gettingStarted.steps.${step}.title`)}
                  <span className="sr-only">
                    {' '}
                    ({t(complete ? 'home.gettingStarted.done' : 'home.gettingStarted.toDo')})
                  </span>
                </p>
                <p className="mt-0.5 text-sm text-slate-600">
                  {t(complete ? `home.gettingStarted.steps.${step}.done` : `home.gettingStarted.steps.${step}.hint`)}
                </p>
                {!complete && step === 'verifyEmail' && <ResendVerification className="mt-2 text-sm" />}
                {!complete && to && (
                  <Link
                    to={to}
                    className="mt-2 inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:text-brand-800"
                  >
                    {t(
                      step === 'pointDomain' && !ownsDomain
                        ? 'home.gettingStarted.steps.pointDomain.actionRegister'
                        : `home.gettingStarted.steps.${step}.action`,
                    )}
                    <ArrowRight aria-hidden="true" className="size-4" />
                  </Link>
                )}
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
