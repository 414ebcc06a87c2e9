import { useMediaQuery } from '@mantine/hooks';

/** Phones get the meeting form and the room selection full screen. */
export const useSmallScreen = () => useMediaQuery('(max-width: 36em)') ?? false;
