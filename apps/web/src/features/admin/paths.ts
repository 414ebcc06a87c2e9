/** The admin area's addresses (part1 §2 route table), in one place for every admin screen. */
export const usersPath = '/admin/users';
export const userPath = (id: string) => `${usersPath}/${id}`;
export const teamsPath = '/admin/organizations';
export const teamPath = (id: string) => `${teamsPath}/${id}`;
export const templatesPath = '/admin/roomtemplates';
export const templatePath = (id: string) => `${templatesPath}/${id}`;
export const auditPath = '/admin/auditlog';
