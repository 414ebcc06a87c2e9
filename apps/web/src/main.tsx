import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/notifications/styles.css';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { readTokens } from './api/tokens.ts';
import { AppLayout } from './app/AppFrame.tsx';
import { OrganizationResolvePage } from './app/lazyScreens.ts';
import { router } from './app/router.tsx';
import { ModalsHost } from './components/ModalsHost.tsx';
import notificationClasses from './notifications.module.css';
import { clientConfigQuery } from './session/clientConfig.ts';
import { queryClient } from './session/queryClient.ts';
import { session } from './session/session.ts';
import { cssVariablesResolver, theme } from './theme.ts';

// The cached login starts with the script, not after the first render: the user and their teams
// are on their way while React and the first screen's code load.
void session.ensure();
// The client configuration is public and needs nothing else: it loads alongside.
void queryClient.prefetchQuery(clientConfigQuery);
// A full load of any team page with a cached login passes through team resolution and shows the
// signed-in shell: their code loads alongside the login instead of after it.
if (readTokens()) {
  OrganizationResolvePage.preload();
  AppLayout.preload();
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="light"
    >
      <QueryClientProvider client={queryClient}>
        <Notifications position="top-right" classNames={{ root: notificationClasses.root }} />
        <RouterProvider router={router} />
        <ModalsHost />
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
);
