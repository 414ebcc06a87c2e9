/** The admin user list, one user's page, and a team's admin page (part1 §2 route table). */
export const usersPath = '/admin/users';
export const userPath = (id: string) => `/admin/users/${id}`;
export const teamPath = (id: string) => `/admin/organizations/${id}`;
export const teamsListPath = '/admin/organizations';
