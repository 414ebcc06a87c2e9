import { createBrowserRouter } from 'react-router';
import { routeObjects } from './routeTree.tsx';

export const router = createBrowserRouter(routeObjects);
