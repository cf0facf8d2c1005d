import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ButtonLink } from '@/components/ui/button-link';
import { Spinner } from '@/components/ui/spinner';
import { useSession } from '@/lib/session';
import { accountErrorKey } from '@/lib/account-errors';
import { followMailLink, type MailLinkCall } from '../api/account-links';
import { AuthCard } from './auth-card';
import { linkTokenOf } from '../lib/link-token';

type State = { status: 'checking' } | { status: 'done' } | { status: 'failed'; key: string; retry: boolean };

export interface MailLinkCheckProps {
  /** The API call the link's token is posted to. */
  endpoint: MailLinkCall;
  /** The auth namespace's texts of the page: heading, intro, checking, doneTitle, doneBody, failedTitle, askAgain. */
  texts: 'verify' | 'undoEmail';
  /** The link ends every session (the undo of an e-mail change): this browser signs out too and is sent to sign in. */
  endsSessions?: boolean;
}

/** A page that opens the link of a mail (its token after `#`), posts it once and says how it went. */
export function MailLinkCheck({ endpoint, texts, endsSessions = false }: MailLinkCheckProps) {
  const { t } = useTranslation('auth');
  const { t: tc } = useTranslation();
  const token = linkTokenOf(useLocation().hash);
  const { status: sessionStatus, logout } = useSession();
  const [state, setState] = useState<State>({ status: 'checking' });
  const noticeRef = useRef<HTMLDivElement>(null);

  const check = useCallback(async (): Promise<State> => {
    try {
      await followMailLink(endpoint, token);
      if (endsSessions) await logout();
      return { status: 'done' };
    } catch (error) {
      const key = accountErrorKey(error);
      return { status: 'failed', key, retry: !key.startsWith('errors.link') && key !== 'errors.emailTaken' };
    }
  }, [endpoint, endsSessions, logout, token]);

  useEffect(() => {
    if (!token) return;
    let live = true;
    void check().then((next) => {
      if (live) setState(next);
    });
    return () => {
      live = false;
    };
  }, [check, token]);

  function retry() {
    setState({ status: 'checking' });
    void check().then(setState);
  }

  const shown: State = token ? state : { status: 'failed', key: 'errors.linkInvalid', retry: false };

  useEffect(() => {
    if (shown.status !== 'checking') noticeRef.current?.focus();
  }, [shown.status]);

  const signedIn = sessionStatus === 'authenticated' && !endsSessions;
  return (
    <AuthCard title={t(`${texts}.heading`)} intro={t(`${texts}.intro`)} footer={null}>
      {shown.status === 'checking' && <Spinner label={t(`${texts}.checking`)} />}
      {shown.status === 'done' && (
        <Alert ref={noticeRef} tone="success" title={t(`${texts}.doneTitle`)}>
          {t(`${texts}.doneBody`)}
          <span className="mt-3 block">
            <ButtonLink to={signedIn ? '/dashboard' : '/login'} size="sm">
              {signedIn ? t('verify.toDashboard') : t('reset.signIn')}
            </ButtonLink>
          </span>
        </Alert>
      )}
      {shown.status === 'failed' && (
        <Alert ref={noticeRef} tone="error" title={t(`${texts}.failedTitle`)}>
          {tc(shown.key)} {!shown.retry && t(`${texts}.askAgain`)}
          {shown.retry && (
            <span className="mt-3 block">
              <Button size="sm" variant="secondary" onClick={retry}>
                {tc('actions.retry')}
              </Button>
            </span>
          )}
        </Alert>
      )}
    </AuthCard>
  );
}
