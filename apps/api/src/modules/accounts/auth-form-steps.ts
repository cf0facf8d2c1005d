/**
 * The further steps of the sign-in and registration forms without JavaScript
 * (docs/decisions/070-forms-that-work-before-the-app.md), drawn in the prerendered page's own classes: the
 * two-factor code after a sign-in that needs it, and the registration's second step after its names. The routes
 * (auth-form.routes.ts) decide which page answers; this module only writes its markup.
 */
import { authEndpoints, type Language } from '@hostpilot/shared';
import type { TFunction } from 'i18next';
import {
  authFormPage,
  classOf,
  escapeHtml,
  type FormProblem,
  INVALID_BORDER,
  problemsBox,
  VALID_BORDER,
} from './auth-form-page';

/** A form's action: its entry of the endpoint table, under the API's prefix (app.ts registers every route there). */
const actionOf = (entry: { path: string }) => `/api${entry.path}`;

/** The forms' actions: the prerendered pages post to these (apps/web/src/features/auth/pages). */
export const LOGIN_FORM_ACTION = actionOf(authEndpoints.postAuthLoginForm);
export const TWO_FACTOR_FORM_ACTION = actionOf(authEndpoints.postAuthLoginTwoFactorForm);
export const FORGOT_FORM_ACTION = actionOf(authEndpoints.postAuthPasswordForgotForm);
export const REGISTER_FORM_ACTION = actionOf(authEndpoints.postAuthRegisterForm);

interface FieldOptions {
  id: string;
  name: string;
  label: string;
  hint?: string;
  invalid: boolean;
  inputClass: string;
  /** The input's further attributes, already escaped. */
  attributes: string;
}

/** One labelled input, with its hint read out after the label. */
function field({ id, name, label, hint, invalid, inputClass, attributes }: FieldOptions): string {
  const className = invalid ? inputClass.replace(VALID_BORDER, INVALID_BORDER) : inputClass;
  return (
    `<div><label for="${id}" class="block text-sm font-medium text-slate-800">${escapeHtml(label)}</label>` +
    (hint ? `<p id="${id}-hint" class="mt-1 text-sm text-slate-500">${escapeHtml(hint)}</p>` : '') +
    `<div class="mt-1.5"><input class="${className}" id="${id}" name="${name}" ` +
    `${hint ? `aria-describedby="${id}-hint" ` : ''}aria-invalid="${invalid}" ${attributes}/></div></div>`
  );
}

/** The sign-in page with its form replaced by the second step: the code or a recovery code, the challenge carried. */
export function twoFactorStepPage(
  page: string,
  t: TFunction,
  language: Language,
  challenge: string,
  problems: FormProblem[],
): string {
  const inputClass = classOf(page, /<input\b[^>]*\btype="email"[^>]*>/);
  const buttonClass = classOf(page, /<button\b[^>]*\btype="submit"[^>]*>/);
  const ids: Record<string, string> = { code: 'two-factor-code', recoveryCode: 'two-factor-recovery' };
  const invalid = (name: string) => problems.some((problem) => problem.field === name);
  const box = problems.length > 0 ? problemsBox(t('twoFactor.errorTitle'), problems, (name) => ids[name]) : '';
  const form =
    `<form method="post" action="${TWO_FACTOR_FORM_ACTION}" class="space-y-5">${box}` +
    `<input type="hidden" name="challenge" value="${escapeHtml(challenge)}"/>` +
    `<input type="hidden" name="lng" value="${language}"/>` +
    field({
      id: ids.code!,
      name: 'code',
      label: t('common:twoFactor.code'),
      hint: t('common:twoFactor.codeHint'),
      invalid: invalid('code'),
      inputClass,
      attributes: 'spellcheck="false" inputmode="numeric" autocomplete="one-time-code" maxlength="6" autofocus=""',
    }) +
    field({
      id: ids.recoveryCode!,
      name: 'recoveryCode',
      label: t('common:twoFactor.recoveryCode'),
      hint: `${t('twoFactor.recoveryIntro')} ${t('common:twoFactor.recoveryCodeHint')}`,
      invalid: invalid('recoveryCode'),
      inputClass,
      attributes: 'spellcheck="false" autocomplete="off"',
    }) +
    `<button type="submit" class="${buttonClass}">${escapeHtml(t('twoFactor.submit'))}</button>` +
    `<p class="text-center"><a class="text-sm font-semibold text-brand-700 underline-offset-2 hover:underline" href="/login?lng=${language}">${escapeHtml(t('twoFactor.back'))}</a></p>` +
    `</form>`;
  return authFormPage(page, {
    action: LOGIN_FORM_ACTION,
    title: t('twoFactor.heading'),
    heading: { title: t('twoFactor.heading'), intro: t('twoFactor.intro') },
    replaceForm: form,
  });
}

/** The register page at its second step: the names carried, the e-mail kept, the passwords never written back. */
export function registerAccountStepPage(
  page: string,
  t: TFunction,
  language: Language,
  values: Record<string, string>,
  problems: FormProblem[],
  invalid: string[],
): string {
  const inputClass = classOf(page, /<input\b[^>]*\bname="firstName"[^>]*>/);
  const buttonClass = classOf(page, /<button\b[^>]*\bname="step"[^>]*>/).replace(' w-full', '');
  const input = (name: string, label: string, attributes: string, hint?: string) =>
    field({ id: `register-${name}`, name, label, hint, invalid: invalid.includes(name), inputClass, attributes });
  const link = (href: string) =>
    `<a class="font-semibold text-brand-700 underline underline-offset-2" href="${href}?lng=${language}">$1</a>`;
  const terms = escapeHtml(t('register.acceptTerms'))
    .replace(/&lt;terms&gt;([\s\S]*?)&lt;\/terms&gt;/, link('/terms'))
    .replace(/&lt;privacy&gt;([\s\S]*?)&lt;\/privacy&gt;/, link('/privacy'));
  const box = problems.length > 0 ? problemsBox(t('register.errorTitle'), problems, (name) => `register-${name}`) : '';
  const form =
    `<form method="post" action="${REGISTER_FORM_ACTION}" class="space-y-5">${box}` +
    `<h2 id="register-step-2" class="text-lg font-semibold text-slate-900">${escapeHtml(t('register.step2'))}</h2>` +
    `<input type="hidden" name="lng" value="${language}"/>` +
    `<input type="hidden" name="firstName" value="${escapeHtml(values.firstName ?? '')}"/>` +
    `<input type="hidden" name="lastName" value="${escapeHtml(values.lastName ?? '')}"/>` +
    input(
      'email',
      t('fields.email'),
      `type="email" autocomplete="email" inputmode="email" spellcheck="false" value="${escapeHtml(values.email ?? '')}"`,
    ) +
    input('password', t('fields.password'), 'type="password" autocomplete="new-password"', t('register.passwordHint')) +
    input('confirmPassword', t('fields.confirmPassword'), 'type="password" autocomplete="new-password"') +
    `<div class="flex items-start gap-3"><input id="register-acceptTerms" type="checkbox" name="acceptTerms" ` +
    `aria-invalid="${invalid.includes('acceptTerms')}" class="mt-0.5 size-5 shrink-0 rounded border-slate-300 accent-brand-600"${values.acceptTerms ? ' checked=""' : ''}/>` +
    `<label for="register-acceptTerms" class="text-sm text-slate-700">${terms}</label></div>` +
    `<button type="submit" class="${buttonClass} w-full">${escapeHtml(t('register.submit'))}</button>` +
    `</form>`;
  // The wizard's progress (apps/web/src/features/auth/components/step-indicator.tsx) at its second step.
  const label = escapeHtml(t('register.stepsLabel'));
  const progress =
    `<nav aria-label="${label}" class="mb-6"><p class="text-sm font-medium text-brand-700">` +
    `${escapeHtml(t('register.stepOf', { step: 2, total: 2 }))}</p><ol class="mt-3 grid grid-cols-2 gap-3">` +
    `<li class="flex min-w-0 items-center gap-2 border-t-4 pt-2 text-sm border-brand-600 text-slate-900">` +
    `<span aria-hidden="true" class="inline-flex size-6 shrink-0 items-center justify-center rounded-full text-xs font-semibold bg-brand-600 text-white">✓</span>` +
    `<span class="min-w-0 font-medium">${escapeHtml(t('register.step1'))}</span></li>` +
    `<li aria-current="step" class="flex min-w-0 items-center gap-2 border-t-4 pt-2 text-sm border-brand-600 text-slate-900">` +
    `<span aria-hidden="true" class="inline-flex size-6 shrink-0 items-center justify-center rounded-full text-xs font-semibold bg-brand-100 text-brand-800">2</span>` +
    `<span class="min-w-0 font-medium">${escapeHtml(t('register.step2'))}</span></li></ol></nav>`;
  return authFormPage(page, { action: REGISTER_FORM_ACTION, title: t('register.step2'), replaceForm: form }).replace(
    new RegExp(`<nav aria-label="${label}"[^>]*>[\\s\\S]*?</nav>`),
    progress,
  );
}
