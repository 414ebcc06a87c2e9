import { Button, Group, Text } from '@mantine/core';
import { publicTexts } from '@roomscale/shared';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { session } from '../../session/session.ts';
import { AuthLayout } from './AuthLayout.tsx';

const t = publicTexts.userRegister;

/**
 * /user/register: the guard sends a login without a Roomscale user here. Registering starts from
 * a clean session, as does logging out.
 */
export function UserRegisterPage() {
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState<'register' | 'logout' | null>(null);

  const leave = async (to: 'register' | 'logout') => {
    setLeaving(to);
    await session.logout();
    navigate(to === 'register' ? '/register' : '/login', { replace: true });
  };

  return (
    <AuthLayout title={t.heading}>
      <Text>{t.body}</Text>
      <Group grow>
        <Button
          variant="default"
          onClick={() => leave('logout')}
          loading={leaving === 'logout'}
          disabled={leaving !== null}
        >
          {t.logout}
        </Button>
        <Button
          onClick={() => leave('register')}
          loading={leaving === 'register'}
          disabled={leaving !== null}
        >
          {t.register}
        </Button>
      </Group>
    </AuthLayout>
  );
}
