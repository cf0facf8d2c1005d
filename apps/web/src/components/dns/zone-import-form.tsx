import {
  type DnsImportResult,
  type DnsRecord,
  parseZoneFile,
  parseZoneProblemField,
  ZONE_FILE_MAX_BYTES,
} from '@hostpilot/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/textarea';
import { accountErrorKey, fieldErrorsOf } from '@/lib/account-errors';

/** One refused line of the file: its number, its text and the translation key of what is wrong. */
interface LineProblem {
  line: number;
  text: string;
  code: string;
}

/** The API's per-line field errors (`lines.<n>.<field>`) as refused lines, with the text of each line. */
function problemsFromApi(error: unknown, source: string): LineProblem[] {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  return Object.entries(fieldErrorsOf(error)).flatMap(([field, problem]) => {
    const at = parseZoneProblemField(field);
    return at ? [{ line: at.line, text: (lines[at.line - 1] ?? '').trim(), code: problem.code }] : [];
  });
}

/**
 * Paste a BIND zone file and import its records at once (docs/decisions/046-dns-on-powerdns.md). The shared
 * reader checks every line here with the editor's own rules before anything is sent, and the server checks it
 * again; a file with a problem imports nothing and lists each refused line with its message.
 */
export function ZoneImportForm({
  domainName,
  records,
  onImport,
  onCancel,
}: {
  domainName: string;
  /** The zone's records now, for the CNAME rules. */
  records: DnsRecord[];
  /** Sends the file; resolves with what the server added. */
  onImport: (zone: string) => Promise<DnsImportResult>;
  onCancel: () => void;
}) {
  const { t } = useTranslation('dashboard');
  const { t: tc } = useTranslation();
  const [source, setSource] = useState('');
  const [problems, setProblems] = useState<LineProblem[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const checked = parseZoneFile(source, domainName, records);
    if (checked.problems.length > 0) {
      setProblems(checked.problems.map((p) => ({ line: p.line, text: p.text, code: p.code })));
      return;
    }
    setProblems([]);
    setPending(true);
    try {
      await onImport(source);
    } catch (error) {
      const fromApi = problemsFromApi(error, source);
      if (fromApi.length > 0) setProblems(fromApi);
      else setFailure(accountErrorKey(error));
    } finally {
      setPending(false);
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
      <p className="text-sm text-slate-600">{t('domainDetail.dns.import.intro', { domain: domainName })}</p>
      <Field label={t('domainDetail.dns.import.label')} hint={t('domainDetail.dns.import.hint')}>
        {(control) => (
          <Textarea
            {...control}
            rows={10}
            spellCheck={false}
            maxLength={ZONE_FILE_MAX_BYTES}
            className="font-mono text-sm"
            value={source}
            onChange={(event) => setSource(event.target.value)}
            placeholder={'$ORIGIN example.com.\n$TTL 3600\n@    IN A     192.0.2.10\nwww  IN CNAME @'}
          />
        )}
      </Field>
      {problems.length > 0 && (
        <Alert tone="error" title={t('domainDetail.dns.import.problems', { count: problems.length })}>
          <ul className="mt-2 space-y-2">
            {problems.map((problem) => (
              <li key={`${problem.line}-${problem.code}`}>
                <span className="font-semibold">{t('domainDetail.dns.import.line', { line: problem.line })}</span>
                {problem.text && <code className="ml-2 break-all font-mono text-xs">{problem.text}</code>}
                <span className="block">{tc(problem.code)}</span>
              </li>
            ))}
          </ul>
        </Alert>
      )}
      {failure && (
        <Alert tone="error" title={t('domainDetail.dns.import.failed')}>
          {tc(failure)}
        </Alert>
      )}
      <div className="flex flex-wrap justify-end gap-3">
        <Button type="button" variant="secondary" onClick={onCancel}>
          {t('domainDetail.cancel')}
        </Button>
        <Button type="submit" disabled={pending || source.trim() === ''} aria-busy={pending}>
          {pending ? t('domainDetail.dns.import.importing') : t('domainDetail.dns.import.submit')}
        </Button>
      </div>
    </form>
  );
}
