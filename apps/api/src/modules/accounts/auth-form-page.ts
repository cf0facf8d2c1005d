/**
 * The sign-in and forgot-password pages answered again to a form post without JavaScript
 * (docs/decisions/070-forms-that-work-before-the-app.md), made from the prerendered page of the visitor's language
 * as the contact page is (modules/support/contact-page.ts): the page's scripts left out (the markup no longer
 * matches what React would render; the forms work as plain form posts), its form filled with what was typed
 * (never a password), each field with a problem marked invalid, and the problems listed above the form, or the form
 * replaced by the next step (the two-factor code) or by the answer (the reset link is on its way).
 */

export const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The border of a valid and of an invalid field (apps/web/src/components/ui/field-styles.ts). */
export const VALID_BORDER = 'border-slate-300 focus:border-brand-500 focus:ring-brand-500/20';
export const INVALID_BORDER = 'border-danger-600 focus:border-danger-600 focus:ring-danger-600/20';

/** The alert of a refused form and of a done one (apps/web/src/components/ui/alert.tsx's tones). */
const ERROR_BOX =
  'mb-5 rounded-xl border border-danger-600/30 bg-danger-50 px-4 py-3 text-sm text-danger-800 outline-none';
const SUCCESS_BOX =
  'rounded-xl border border-success-600/30 bg-success-50 px-4 py-3 text-sm text-success-800 outline-none';

export interface FormProblem {
  /** The form field it belongs to (a link to it), or null for the whole form. */
  field: string | null;
  text: string;
}

export interface AuthFormResult {
  /** The form's action, which finds it in the page. */
  action: string;
  /** The page's new title, before the site's. */
  title: string;
  /** The heading of the problems' list; none when `problems` is empty. */
  problemsTitle?: string;
  problems?: FormProblem[];
  /** What the visitor typed, by field name; passwords are never written back. */
  values?: Record<string, string>;
  /** The fields marked invalid. */
  invalid?: string[];
  /** Replaces the page's card heading and introduction. */
  heading?: { title: string; intro: string };
  /** Replaces the whole form: a further step, or the answer. */
  replaceForm?: string;
}

const formPattern = (action: string) =>
  new RegExp(`<form\\b[^>]*\\baction="${action.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}"[^>]*>[\\s\\S]*?</form>`);

/** The id of the control named `name` in the form's markup. */
function controlId(form: string, name: string): string | undefined {
  const tag = new RegExp(`<(?:input|textarea)\\b[^>]*\\bname="${name}"[^>]*>`).exec(form)?.[0];
  return tag ? /\bid="([^"]+)"/.exec(tag)?.[1] : undefined;
}

/** The class of the page's first element matching `pattern` (to draw a new field or button as the page does). */
export function classOf(page: string, pattern: RegExp): string {
  const tag = pattern.exec(page)?.[0] ?? '';
  return /\bclass="([^"]*)"/.exec(tag)?.[1] ?? '';
}

/** The list of problems, each a link to its field, for above a form. */
export function problemsBox(title: string, problems: FormProblem[], idOf: (field: string) => string | undefined) {
  const items = problems
    .map(({ field, text }) => {
      const id = field ? idOf(field) : undefined;
      return id
        ? `<li><a class="font-medium text-danger-700 underline" href="#${escapeHtml(id)}">${escapeHtml(text)}</a></li>`
        : `<li>${escapeHtml(text)}</li>`;
    })
    .join('');
  return (
    `<div role="alert" tabindex="-1" id="form-problems" class="${ERROR_BOX}">` +
    `<p class="font-semibold">${escapeHtml(title)}</p><ul class="mt-2 list-disc space-y-1 pl-5">${items}</ul></div>`
  );
}

/** A done form's answer in the page's success look (a status, read out when it appears). */
export function successBox(title: string, body: string): string {
  return (
    `<div role="status" tabindex="-1" id="form-done" class="${SUCCESS_BOX}">` +
    `<p class="font-semibold">${escapeHtml(title)}</p><p class="mt-1 break-words">${escapeHtml(body)}</p></div>`
  );
}

function fill(form: string, result: AuthFormResult): string {
  const invalid = new Set(result.invalid ?? []);
  const values = result.values ?? {};
  let out = form.replace(/<input\b([^>]*?)(\/?)>/g, (tag, attributes: string, end: string) => {
    const name = /\bname="([^"]+)"/.exec(attributes)?.[1];
    if (!name) return tag;
    const type = /\btype="([^"]+)"/.exec(attributes)?.[1] ?? 'text';
    let next = attributes;
    if (type === 'checkbox') {
      next = next.replace(/\schecked(="[^"]*")?/, '');
      if (values[name] !== undefined && values[name] !== '') next += ' checked=""';
      return `<input${next}${end}>`;
    }
    if (type === 'hidden' || type === 'submit') return tag;
    if (invalid.has(name)) next = next.replace(VALID_BORDER, INVALID_BORDER);
    next = next.replace(/\svalue="[^"]*"/, '').replace(/\saria-invalid="[^"]*"/, '');
    if (type !== 'password' && values[name] !== undefined) next += ` value="${escapeHtml(values[name])}"`;
    next += ` aria-invalid="${invalid.has(name)}"`;
    return `<input${next}${end}>`;
  });
  const problems = result.problems ?? [];
  if (problems.length > 0) {
    const box = problemsBox(result.problemsTitle ?? result.title, problems, (field) => controlId(form, field));
    out = out.replace(/^<form\b[^>]*>/, (open) => `${open}${box}`);
  }
  return out;
}

export function authFormPage(page: string, result: AuthFormResult): string {
  let out = page
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '')
    .replace(/<link rel="modulepreload"[^>]*>/g, '')
    .replace(
      /<title>([^<]*)<\/title>/,
      (_tag, title: string) => `<title>${escapeHtml(result.title)} – ${title}</title>`,
    );
  if (result.heading) {
    const { title, intro } = result.heading;
    out = out.replace(
      /(<main\b[\s\S]*?<h1\b[^>]*>)[\s\S]*?(<\/h1>\s*<p\b[^>]*>)[\s\S]*?(<\/p>)/,
      (_all, h1: string, between: string, end: string) =>
        `${h1}${escapeHtml(title)}${between}${escapeHtml(intro)}${end}`,
    );
  }
  return out.replace(formPattern(result.action), (form) => result.replaceForm ?? fill(form, result));
}
