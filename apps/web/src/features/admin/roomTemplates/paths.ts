/** The edit page of one room template. */
export const editPath = (id: string) => `/admin/roomtemplates/${id}`;
