/** The users module's door (issue 15): the `users` configuration list, welcome mail, an administrator's reset, sessions. */
export { usersRepository, type UsersRepository } from './users.repository.ts';
export { usersService, type UsersService, ADMIN_RESET_LINK_HOURS } from './users.service.ts';
export { usersConfigList } from './users-list.ts';
export { usersRoutes } from './users.routes.ts';
