import { useEffect, useState } from 'react';

/**
 * The current time, refreshed every minute so 'ongoing' and 'ended' follow the clock. A module of
 * its own: the dashboard's meetings panel uses it without loading the meetings screen (its form
 * and date picker).
 */
export function useNow(intervalMs = 60_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const id = window.setInterval(() => setNow(new Date()), intervalMs);
    return () => window.clearInterval(id);
  }, [intervalMs]);
  return now;
}
