import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { AppFrame } from './AppFrame.tsx';
import { type AppRoute, appRoutes } from './routes.tsx';

/** A route of the table as a router route; a child with path '' is its parent's index. */
const toRouteObject = (r: AppRoute): RouteObject =>
  r.path === '' && !r.children
    ? { index: true, element: r.element, handle: r.flags }
    : {
        path: r.path,
        element: r.element,
        handle: r.flags,
        children: r.children?.map(toRouteObject),
      };

export const router = createBrowserRouter([
  {
    element: <AppFrame />,
    children: [
      ...appRoutes.map(toRouteObject),
      // Any other path redirects to the root (part1 §2).
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
]);
