/**
 * The contact page answered again to a form post without JavaScript that cannot be sent as it is (decision 053):
 * the prerendered page of the visitor's language, its form filled with what was typed, each field with a problem
 * marked invalid, and a list of the problems above the form, each a link to its field. The page's scripts are left
 * out: the markup no longer matches what React would render, and the form works as a plain form post.
 */

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export interface ContactResult {
  /** The heading of the problems' list. */
  title: string;
  /** Each problem in words; `field` names the form field it belongs to, null for the whole form. */
  problems: { field: 'name' | 'email' | 'message' | null; text: string }[];
  /** What the visitor typed, by field name. */
  values: Record<string, string>;
  /** The fields marked invalid. */
  invalid: string[];
}

/** The border of a valid and of an invalid field (apps/web/src/components/ui/field-styles.ts). */
const VALID_BORDER = 'border-slate-300 focus:border-brand-500 focus:ring-brand-500/20';
const INVALID_BORDER = 'border-danger-600 focus:border-danger-600 focus:ring-danger-600/20';
const markInvalid = (attributes: string, invalid: boolean) =>
  invalid ? attributes.replace(VALID_BORDER, INVALID_BORDER) : attributes;

const FORM = /<form\b[^>]*aria-labelledby="contact-form-title"[^>]*>[\s\S]*?<\/form>/;
const HEADING = /(<h2 id="contact-form-title"[^>]*>[\s\S]*?<\/h2>)/;

/** The id of the control named `name` in the form's markup. */
function controlId(form: string, name: string): string | undefined {
  const tag = new RegExp(`<(?:input|textarea)\\b[^>]*\\bname="${name}"[^>]*>`).exec(form)?.[0];
  return tag ? /\bid="([^"]+)"/.exec(tag)?.[1] : undefined;
}

function fill(form: string, result: ContactResult): string {
  let out = form;
  for (const name of ['name', 'email']) {
    out = out.replace(new RegExp(`<input\\b([^>]*\\bname="${name}"[^>]*?)(/?)>`), (_tag, attributes: string, end) => {
      const invalid = result.invalid.includes(name);
      let tag = markInvalid(attributes, invalid)
        .replace(/\svalue="[^"]*"/, '')
        .replace(/\saria-invalid="[^"]*"/, '');
      tag += ` value="${escapeHtml(result.values[name] ?? '')}"`;
      tag += ` aria-invalid="${invalid}"`;
      return `<input${tag}${end}>`;
    });
  }
  out = out.replace(
    /<textarea\b([^>]*\bname="message"[^>]*)>[\s\S]*?<\/textarea>/,
    (_tag, attributes: string) =>
      `<textarea${markInvalid(attributes, result.invalid.includes('message')).replace(/\saria-invalid="[^"]*"/, '')} aria-invalid="${result.invalid.includes('message')}">` +
      `${escapeHtml(result.values.message ?? '')}</textarea>`,
  );
  const items = result.problems
    .map(({ field, text }) => {
      const id = field ? controlId(form, field) : undefined;
      return id
        ? `<li><a class="font-medium text-danger-700 underline" href="#${escapeHtml(id)}">${escapeHtml(text)}</a></li>`
        : `<li>${escapeHtml(text)}</li>`;
    })
    .join('');
  const summary =
    `<div role="alert" tabindex="-1" id="contact-problems" class="rounded-xl border border-danger-600/30 bg-danger-50 px-4 py-3 text-sm text-danger-800">` +
    `<p class="font-semibold">${escapeHtml(result.title)}</p><ul class="mt-2 list-disc space-y-1 pl-5">${items}</ul></div>`;
  return out.replace(HEADING, `$1${summary}`);
}

export function contactResultPage(page: string, result: ContactResult): string {
  return page
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '')
    .replace(/<link rel="modulepreload"[^>]*>/g, '')
    .replace(
      /<title>([^<]*)<\/title>/,
      (_tag, title: string) => `<title>${escapeHtml(result.title)} – ${title}</title>`,
    )
    .replace(FORM, (form) => fill(form, result));
}
