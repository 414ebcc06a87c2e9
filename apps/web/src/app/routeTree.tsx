import type { RouteObject } from 'react-router';
import { NotFoundRedirect } from '../session/notFound.tsx';
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

/** The app's routes; the screen tests mount them in a memory router. */
export const routeObjects: RouteObject[] = [
  {
    element: <AppFrame />,
    children: [
      ...appRoutes.map(toRouteObject),
      // Any other path redirects to the root (part1 §2), carrying the address: the page the user
      // lands on says 'Page not found' rather than dropping them there without a word.
      { path: '*', element: <NotFoundRedirect /> },
    ],
  },
];
