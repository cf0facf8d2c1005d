import { type DsRecord, dsRecordText } from '@hostpilot/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

/**
 * A domain's DNSSEC DS records (docs/decisions/046-dns-on-powerdns.md), each with its parts and a Copy button
 * for the one-line form registries ask for; shown on the customer's domain page and in the back office's DNS
 * dialog. Empty until our DNS server has signed and published the zone.
 */
export function DsRecords({ domainName, records }: { domainName: string; records: readonly DsRecord[] }) {
  const { t } = useTranslation('dashboard');
  const [copied, setCopied] = useState('');

  if (records.length === 0) return <p className="text-sm text-slate-600">{t('domainDetail.dnssec.pending')}</p>;

  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(t('domainDetail.dnssec.copied'));
    } catch {
      setCopied(t('domainDetail.dnssec.copyFailed'));
    }
  };

  return (
    <div className="grid gap-4">
      <p className="text-sm text-slate-600">{t('domainDetail.dnssec.intro', { domain: domainName })}</p>
      {records.map((ds) => {
        const text = dsRecordText(ds);
        return (
          <div key={text} className="min-w-0 rounded-md border border-slate-200 p-4">
            <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3">
              <div>
                <dt className="text-slate-500">{t('domainDetail.dnssec.keyTag')}</dt>
                <dd className="font-medium text-slate-900">{ds.keyTag}</dd>
              </div>
              <div>
                <dt className="text-slate-500">{t('domainDetail.dnssec.algorithm')}</dt>
                <dd className="font-medium text-slate-900">{algorithmLabel(ds.algorithm)}</dd>
              </div>
              <div>
                <dt className="text-slate-500">{t('domainDetail.dnssec.digestType')}</dt>
                <dd className="font-medium text-slate-900">{digestLabel(ds.digestType)}</dd>
              </div>
              <div className="col-span-full">
                <dt className="text-slate-500">{t('domainDetail.dnssec.digest')}</dt>
                <dd className="font-mono text-xs break-all text-slate-900">{ds.digest}</dd>
              </div>
            </dl>
            <div className="mt-3 flex flex-wrap items-center gap-3">
              <code className="min-w-0 flex-1 rounded bg-slate-50 px-2 py-1 font-mono text-xs break-all text-slate-800">
                {`${domainName}. IN DS ${text}`}
              </code>
              <Button
                size="sm"
                variant="secondary"
                onClick={() => void copy(`${domainName}. IN DS ${text}`)}
                aria-label={t('domainDetail.dnssec.copyLabel', { keyTag: ds.keyTag })}
              >
                {t('domainDetail.dnssec.copy')}
              </Button>
            </div>
          </div>
        );
      })}
      <p role="status" className="text-sm text-emerald-700">
        {copied}
      </p>
    </div>
  );
}

/** The DNSSEC algorithm's number with its IANA name (RFC 8624's list of the ones in use). */
function algorithmLabel(algorithm: number): string {
  const names: Record<number, string> = {
    8: 'RSA/SHA-256',
    10: 'RSA/SHA-512',
    13: 'ECDSA P-256/SHA-256',
    14: 'ECDSA P-384/SHA-384',
    15: 'Ed25519',
    16: 'Ed448',
  };
  return names[algorithm] ? `${algorithm} (${names[algorithm]})` : String(algorithm);
}

/** The DS digest type's number with its IANA name. */
function digestLabel(digestType: number): string {
  const names: Record<number, string> = { 1: 'SHA-1', 2: 'SHA-256', 4: 'SHA-384' };
  return names[digestType] ? `${digestType} (${names[digestType]})` : String(digestType);
}
