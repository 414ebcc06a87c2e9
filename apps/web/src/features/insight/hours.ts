/**
 * Hours in VR on the usage charts. The chart gets the exact hours: rounded to a tenth, a week of
 * a few minutes is 0 and shows no bar beside weeks of hours. Its table writes them to a tenth.
 */
export const hoursOf = (seconds: number) => seconds / 3600;

const numbers = new Intl.NumberFormat('en');
/** The table's hours: to a tenth, as the CSV's hours are to a hundredth. */
export const tenthOfHours = (hours: number) => numbers.format(Math.round(hours * 10) / 10);
/** The chart's (axis, tooltip): finer, so the bar of a few minutes does not read as 0 on hover. */
export const chartHours = new Intl.NumberFormat('en', { maximumFractionDigits: 2 }).format;
