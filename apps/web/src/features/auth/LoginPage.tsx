import {
  Alert,
  Anchor,
  Button,
  Center,
  Divider,
  Group,
  Loader,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import {
  type LoginForm,
  loginProblems,
  normalizedEmail,
  PASSWORD_LOGIN_PROVIDER,
  publicTexts,
  screenMessages,
} from '@roomscale/shared';
import { IconAlertCircle, IconKey } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { type FieldErrors, type Resolver, useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { autofocused } from '../../components/autofocusedField.ts';
import { session } from '../../session/session.ts';
import { AuthLayout } from './AuthLayout.tsx';
import { loginErrorText } from './loginError.ts';
import { SecretInput } from './SecretInput.tsx';
import { safeTarget, withTarget } from './targetRoute.ts';
import { lookupEmail, ssoHref, ssoProviders, useLoginProviders } from './useLoginProviders.ts';

const t = publicTexts.login;
/** How long typing must pause before the email's logins are looked up. */
const LOOKUP_DEBOUNCE_MS = 600;

/**
 * The login form's checks (loginChecks.ts, the schemas' rules without zod) as the form library
 * takes them; the email goes on trimmed and in lower case, as the schemas give it.
 */
const checkLogin: Resolver<LoginForm> = async (values) => {
  const problems = Object.entries(loginProblems(values));
  if (problems.length === 0) {
    return {
      values: { ...values, email: normalizedEmail(values.email) ?? values.email },
      errors: {},
    };
  }
  const errors: FieldErrors<LoginForm> = Object.fromEntries(
    problems.map(([field, message]) => [field, { type: 'validate', message }]),
  );
  return { values: {}, errors };
};

/** /login?targetRoute&samlerror: password login and single sign-on entry. */
export function LoginPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const target = safeTarget(params.get('targetRoute'));
  const resolveUrl = withTarget('/organization/resolve', target);
  const [checking, setChecking] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [lookup, setLookup] = useState<string | null>(null);
  const providers = useLoginProviders(lookup);
  const sso = ssoProviders(providers.data ?? []);
  const ssoOnly =
    sso.length > 0 && !providers.data?.some((l) => l.loginProviderId === PASSWORD_LOGIN_PROVIDER);

  // Already logged in (cached login): straight on to team resolution.
  useEffect(() => {
    let active = true;
    session.ensure().then((loggedIn) => {
      if (!active) return;
      if (loggedIn) navigate(resolveUrl, { replace: true });
      else setChecking(false);
    });
    return () => {
      active = false;
    };
  }, [navigate, resolveUrl]);

  const form = useForm<LoginForm>({
    resolver: checkLogin,
    mode: 'onTouched',
    defaultValues: { email: '', password: '' },
  });
  const { errors, isValid, isSubmitting } = form.formState;
  const lookupLater = useDebouncedCallback(
    (typed: string) => setLookup(lookupEmail(typed)),
    LOOKUP_DEBOUNCE_MS,
  );

  const onSubmit = form.handleSubmit(async ({ email, password }) => {
    setError(null);
    try {
      await session.login(email, password);
      navigate(resolveUrl, { replace: true });
    } catch (e) {
      setError(loginErrorText(e));
    }
  });

  if (checking) {
    return (
      <AuthLayout>
        <Center py="xl" role="status" aria-label={t.checking}>
          <Loader />
        </Center>
      </AuthLayout>
    );
  }

  const email = autofocused(
    form.register('email', {
      onChange: (e: { target: { value: string } }) => lookupLater(e.target.value),
      onBlur: (e: { target: { value: string } }) => {
        lookupLater.cancel?.();
        setLookup(lookupEmail(e.target.value));
      },
    }),
  );

  return (
    <AuthLayout
      title={t.heading}
      description={t.intro}
      below={
        <>
          {t.noAccount}{' '}
          <Anchor component={Link} to="/register" fw={600}>
            {t.register}
          </Anchor>
        </>
      }
    >
      {params.has('samlerror') && (
        <Alert color="red" icon={<IconAlertCircle />} role="alert">
          {screenMessages.samlFailed}
        </Alert>
      )}
      {error && (
        <Alert color="red" icon={<IconAlertCircle />} role="alert">
          {error}
        </Alert>
      )}
      <form noValidate onSubmit={onSubmit}>
        <Stack gap="md">
          <TextInput
            label={publicTexts.labels.email}
            type="email"
            autoComplete="username"
            required
            autoFocus
            error={errors.email?.message}
            {...email}
          />
          <div>
            <SecretInput
              label={publicTexts.labels.password}
              autoComplete="current-password"
              required
              error={errors.password?.message}
              {...form.register('password')}
            />
            <Group justify="flex-end" mt={6}>
              <Anchor component={Link} to="/forgot-password" size="sm">
                {t.forgotPassword}
              </Anchor>
            </Group>
          </div>
          <Button type="submit" fullWidth disabled={!isValid} loading={isSubmitting}>
            {t.submit}
          </Button>
        </Stack>
      </form>
      {sso.length > 0 && (
        <Stack gap="sm">
          <Divider label={t.ssoDivider} labelPosition="center" />
          {ssoOnly && (
            <Text size="sm" c="dimmed" ta="center">
              {t.ssoOnly}
            </Text>
          )}
          {sso.map((p) => (
            <Button
              key={p.loginProviderId}
              component="a"
              href={ssoHref(p.loginProviderId)}
              variant="default"
              fullWidth
              leftSection={<IconKey size={16} />}
            >
              {t.ssoButton(p.displayName)}
            </Button>
          ))}
        </Stack>
      )}
    </AuthLayout>
  );
}
