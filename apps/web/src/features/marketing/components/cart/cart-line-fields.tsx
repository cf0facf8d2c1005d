import type { GameId } from '@hostpilot/shared';
import { CURRENCY } from '@hostpilot/shared';
import { useTranslation } from 'react-i18next';
import { Field } from '@/components/ui/field';
import { inputClasses } from '@/components/ui/field-styles';
import { TextField } from '@/components/ui/text-field';
import type { NewCartLine } from '@/lib/cart-store';
import { formatMinorMoney } from '@/lib/format';
import { usePlanFormat } from '../../lib/use-plan-format';
import {
  catalogueCents,
  DOMAIN_PATTERN,
  DATA_CENTERS,
  DOMAIN_RENEWAL_YEARS,
  domainRule,
  findPlan,
  GAMES,
  gameOfPlan,
  needsDataCenter,
  periodsOf,
  plansOfGame,
  plansLike,
} from './cart-catalog';

export interface CartLineFieldsProps {
  line: NewCartLine;
  onChange: (line: NewCartLine) => void;
  /** Already translated. */
  domainError?: string;
}

/** The choices of one cart line: plan (and game), billing period, data-centre city, domain; or a domain's years. */
export function CartLineFields({ line, onChange, domainError }: CartLineFieldsProps) {
  const { t } = useTranslation('marketing');
  const { language } = usePlanFormat();
  const cents = catalogueCents(line);
  const price = cents === undefined ? null : formatMinorMoney(cents, CURRENCY, language);

  if (line.kind === 'domain') {
    return (
      <div className="space-y-4">
        <p className="font-semibold break-all text-slate-900">{line.displayName}</p>
        <Field label={t('cart.registrationPeriod')}>
          {(control) => (
            <select
              {...control}
              className={inputClasses()}
              value={line.years}
              onChange={(event) => onChange({ ...line, years: Number(event.target.value) })}
            >
              {DOMAIN_RENEWAL_YEARS.map((years) => (
                <option key={years} value={years}>
                  {t('cart.years', { count: years })}
                </option>
              ))}
            </select>
          )}
        </Field>
        {price && <p className="text-slate-800">{t('cart.price', { price })}</p>}
      </div>
    );
  }

  const plan = findPlan(line.kind, line.planId);
  const game = line.kind === 'game' ? gameOfPlan(line.planId) : undefined;
  const plans = game ? plansOfGame(game) : plansLike(line.kind, line.planId);
  const periods = plan ? periodsOf(plan) : [];
  const rule = domainRule(line.kind);
  const choosePlan = (planId: string) => {
    const next = findPlan(line.kind, planId);
    const months = next && !periodsOf(next).includes(line.months) ? periodsOf(next)[0]! : line.months;
    onChange({ ...line, planId, months });
  };
  return (
    <div className="space-y-4">
      {game && (
        <Field label={t('cart.game')}>
          {(control) => (
            <select
              {...control}
              className={inputClasses()}
              value={game}
              onChange={(event) => choosePlan(plansOfGame(event.target.value as GameId)[0]!.id)}
            >
              {GAMES.map((g) => (
                <option key={g.id} value={g.id}>
                  {g.name}
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
      <Field label={t('cart.plan')}>
        {(control) => (
          <select
            {...control}
            className={inputClasses()}
            value={line.planId}
            onChange={(event) => choosePlan(event.target.value)}
          >
            {plans.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={t('cart.period')}>
        {(control) => (
          <select
            {...control}
            className={inputClasses()}
            value={line.months}
            onChange={(event) => onChange({ ...line, months: Number(event.target.value) })}
          >
            {periods.map((months) => (
              <option key={months} value={months}>
                {months % 12 === 0 && plan?.period === 'year'
                  ? t('cart.years', { count: months / 12 })
                  : t('cart.months', { count: months })}
              </option>
            ))}
          </select>
        )}
      </Field>
      {needsDataCenter(line.kind) && (
        <Field label={t('cart.dataCenter')}>
          {(control) => (
            <select
              {...control}
              className={inputClasses()}
              value={line.dataCenter ?? DATA_CENTERS[0]!.id}
              onChange={(event) => onChange({ ...line, dataCenter: event.target.value })}
            >
              {DATA_CENTERS.map((dc) => (
                <option key={dc.id} value={dc.id}>
                  {t(`cities.${dc.id}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
      {rule !== 'none' && (
        <TextField
          label={rule === 'required' ? t('cart.domain') : t('cart.domainOptional')}
          hint={rule === 'required' ? t('cart.domainHintExtra') : t('cart.domainHintHosting')}
          error={domainError}
          value={line.domain ?? ''}
          autoComplete="off"
          spellCheck={false}
          inputMode="url"
          required={rule === 'required'}
          onChange={(event) => onChange({ ...line, domain: event.target.value })}
        />
      )}
      {price && <p className="text-slate-800">{t('cart.price', { price })}</p>}
    </div>
  );
}

/**
 * The translation key of what is wrong with a line's domain, or null when it may be added: required for extras,
 * optional for hosting, and when given, one name and one ending.
 */
export function domainProblem(line: NewCartLine): 'cart.domainRequired' | 'cart.domainInvalid' | null {
  if (line.kind === 'domain') return null;
  const rule = domainRule(line.kind);
  const domain = (line.domain ?? '').trim().toLowerCase();
  if (rule === 'none') return null;
  if (!domain) return rule === 'required' ? 'cart.domainRequired' : null;
  return DOMAIN_PATTERN.test(domain) ? null : 'cart.domainInvalid';
}

/** The line as stored: the domain trimmed and lower-cased, the server's city default filled in. */
export function normalisedLine(line: NewCartLine): NewCartLine {
  if (line.kind === 'domain') return line;
  const domain = (line.domain ?? '').trim().toLowerCase();
  const { domain: _drop, ...rest } = line;
  void _drop;
  return {
    ...rest,
    ...(needsDataCenter(line.kind) ? { dataCenter: line.dataCenter ?? DATA_CENTERS[0]!.id } : {}),
    ...(domainRule(line.kind) !== 'none' && domain ? { domain } : {}),
  };
}
