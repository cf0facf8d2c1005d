import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ButtonLink } from '@/components/ui/button-link';
import { Spinner } from '@/components/ui/spinner';
import { api, useSession } from '@/lib/session';
import { accountErrorKey } from '@/lib/account-errors';
import { AuthCard } from '../components/auth-card';
import { linkTokenOf } from '../lib/link-token';

type State = { status: 'checking' } | { status: 'verified' } | { status: 'failed'; key: string; retry: boolean };

/** /verify-email#<token>: opens the link of the verification mail and says how it went. */
export function VerifyEmailPage() {
  const { t } = useTranslation('auth');
  const { t: tc } = useTranslation();
  const token = linkTokenOf(useLocation().hash);
  const { status: sessionStatus } = useSession();
  const [state, setState] = useState<State>({ status: 'checking' });
  const noticeRef = useRef<HTMLDivElement>(null);

  const check = useCallback(async (): Promise<State> => {
    try {
      await api.post('/auth/email/verify', { token }, { auth: false });
      return { status: 'verified' };
    } catch (error) {
      const key = accountErrorKey(error);
      return { status: 'failed', key, retry: !key.startsWith('errors.link') };
    }
  }, [token]);

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

  const onward = sessionStatus === 'authenticated' ? '/dashboard' : '/login';
  return (
    <AuthCard title={t('verify.heading')} intro={t('verify.intro')} footer={null}>
      {shown.status === 'checking' && <Spinner label={t('verify.checking')} />}
      {shown.status === 'verified' && (
        <Alert ref={noticeRef} tone="success" title={t('verify.doneTitle')}>
          {t('verify.doneBody')}
          <span className="mt-3 block">
            <ButtonLink to={onward} size="sm">
              {sessionStatus === 'authenticated' ? t('verify.toDashboard') : t('reset.signIn')}
            </ButtonLink>
          </span>
        </Alert>
      )}
      {shown.status === 'failed' && (
        <Alert ref={noticeRef} tone="error" title={t('verify.failedTitle')}>
          {tc(shown.key)} {!shown.retry && t('verify.askAgain')}
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
