import { profileTexts } from '@roomscale/shared';
import { linkedAccountsApi } from '@roomscale/shared/contract';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { call } from '../../api/client.ts';
import { serverMessage } from '../../api/errors.ts';
import { showError, showSuccess } from '../../components/dialogs.tsx';
import { AuthLoading } from '../auth/AuthLayout.tsx';
import { useAfterLinkChange } from './api.ts';
import { readMetaFragment } from './metaFragment.ts';

const t = profileTexts.linked;

/**
 * /sso/oculus (part2 §2, §4): the return from Meta's sign-in started by the profile's Link. Sends
 * the code once (it is single-use; the guard survives React's StrictMode double effects), then a
 * modal says how it went and closing it goes to /profile. No readable fragment is a failure.
 */
export function MetaCallbackPage() {
  const { hash } = useLocation();
  const navigate = useNavigate();
  const after = useAfterLinkChange();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const link = readMetaFragment(hash);
    void (async () => {
      try {
        if (!link) throw new Error('no Meta sign-in in the address');
        await after(await call(linkedAccountsApi.metaLink, { body: link }));
        await showSuccess(profileTexts.metaCallback.title, t.metaLinked);
      } catch (e) {
        await showError(link ? `${t.metaLinkFailed} ${serverMessage(e)}` : t.metaLinkFailed);
      }
      navigate('/profile', { replace: true });
    })();
  }, [hash, navigate, after]);

  return <AuthLoading text={profileTexts.metaCallback.linking} />;
}
