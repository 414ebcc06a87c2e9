import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Checkbox, SimpleGrid, Stack, TextInput } from '@mantine/core';
import {
  publicTexts,
  type RegisterCommand,
  type RegisterForm,
  registerForm,
  screenMessages,
} from '@roomscale/shared';
import { usersApi } from '@roomscale/shared/contract';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { call } from '../../api/client.ts';
import { autofocused } from '../../components/autofocusedField.ts';
import { useClientConfig } from '../../session/clientConfig.ts';
import { AuthLayout } from './AuthLayout.tsx';

const t = publicTexts.register;

/** /register: first name, last name, email and acceptance of the privacy policy and terms. */
export function RegisterPage() {
  const navigate = useNavigate();
  const config = useClientConfig();
  const [failed, setFailed] = useState(false);
  const form = useForm<RegisterForm>({
    resolver: zodResolver(registerForm),
    mode: 'onTouched',
    defaultValues: { firstName: '', lastName: '', email: '', accepted: false },
  });
  const { errors, isValid, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ firstName, lastName, email }) => {
    setFailed(false);
    const body: RegisterCommand = {
      firstName,
      lastName,
      email,
      privacyAccepted: true,
      termsAccepted: true,
    };
    try {
      await call(usersApi.register, { body });
      navigate('/register/complete', { state: { email } });
    } catch {
      setFailed(true);
    }
  });

  const link = (href: string | undefined, text: string) =>
    href ? (
      <Anchor href={href} target="_blank" rel="noopener noreferrer" inherit>
        {text}
      </Anchor>
    ) : (
      text
    );

  return (
    <AuthLayout
      title={t.heading}
      description={t.intro}
      below={
        <>
          {t.haveAccount}{' '}
          <Anchor component={Link} to="/login" fw={600}>
            {t.login}
          </Anchor>
        </>
      }
    >
      {failed && (
        <Alert color="red" icon={<IconAlertCircle />} role="alert">
          {screenMessages.registrationFailed}
        </Alert>
      )}
      <form noValidate onSubmit={onSubmit}>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <TextInput
              label={publicTexts.labels.firstName}
              autoComplete="given-name"
              required
              autoFocus
              error={errors.firstName?.message}
              {...autofocused(form.register('firstName'))}
            />
            <TextInput
              label={publicTexts.labels.lastName}
              autoComplete="family-name"
              required
              error={errors.lastName?.message}
              {...form.register('lastName')}
            />
          </SimpleGrid>
          <TextInput
            label={publicTexts.labels.email}
            type="email"
            autoComplete="email"
            required
            error={errors.email?.message}
            {...form.register('email')}
          />
          <Checkbox
            label={
              <>
                {t.acceptPrefix} {link(config.data?.privacyUrl, t.privacyPolicy)} {t.acceptJoin}{' '}
                {link(config.data?.termsUrl, t.terms)}
              </>
            }
            error={errors.accepted?.message}
            {...form.register('accepted', {
              // A checkbox has no typing phase: validate as soon as it changes.
              onChange: () => void form.trigger('accepted'),
            })}
          />
          <Button type="submit" fullWidth mt="xs" disabled={!isValid} loading={isSubmitting}>
            {t.submit}
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  );
}
