/** Placeholder until the screen is built (being written now). */
export function AdminUsersPage() {
  return null;
}
