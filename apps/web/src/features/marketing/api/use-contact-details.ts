const CONTACT_DETAILS = {
  supportEmail: 'support@hostpilot.com',
  salesEmail: 'sales@hostpilot.com',
  /** Shown as written; `phoneHref` is what a phone dials. */
  phone: '+1 (212) 555-0147',
  phoneHref: 'tel:+12125550147',
} as const;

/** The static contact details of /contact (the office and hours are translated text). */
export function useContactDetails() {
  return CONTACT_DETAILS;
}
