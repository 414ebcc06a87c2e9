import { useNavigate } from 'react-router';
import { session } from './session.ts';

/**
 * Log out (part1 §4): clear tokens, team, user and cached data (`session.logout`, the session's
 * end), then go to a plain /login (the guard would otherwise put the page just left into the
 * login link for the next person).
 */
export function useLogout() {
  const navigate = useNavigate();
  return async () => {
    await session.logout({ byUser: true });
    navigate('/login', { replace: true });
  };
}
