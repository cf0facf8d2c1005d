import { LegalDocument } from '../components/legal-document';

export function PrivacyPage() {
  return <LegalDocument document="privacy" effectiveDate="2025-06-01" />;
}
