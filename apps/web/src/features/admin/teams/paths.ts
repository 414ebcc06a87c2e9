/** The admin team list, one team's page, and a user's admin page (part1 §2 route table). */
export const teamsPath = '/admin/organizations';
export const teamPath = (id: string) => `/admin/organizations/${id}`;
export const userPath = (id: string) => `/admin/users/${id}`;
