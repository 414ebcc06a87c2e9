/** Placeholder until the screen is built (being written now). */
export function AdminOverviewPage() {
  return null;
}
