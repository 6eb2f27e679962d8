// The users feature's door (issue 15): the users pages under config/users.
/** The users page, loaded when config/users is first opened (its own chunk). */
export const loadUsersPage = () => import('./pages/users-page.tsx');
