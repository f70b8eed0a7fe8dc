import { asClass } from 'awilix';
import type { AtriumModule } from '../module.ts';
import { UsersService } from './service.ts';

declare module '../../container.ts' {
  interface Cradle {
    usersService: UsersService;
  }
}

export { UsersService, type NewUser } from './service.ts';
export { hashPassword, verifyPassword, randomPassword } from './password.ts';
export type { UserRow } from './model.ts';

export const usersModule: AtriumModule = {
  name: 'users',
  register(container) {
    container.register({ usersService: asClass(UsersService).singleton() });
  },
};
