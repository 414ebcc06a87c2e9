import dayjs from 'dayjs';

/** A card's date: '12 Mar 2025'. */
export const shortDate = (iso: string) => dayjs(iso).format('D MMM YYYY');
