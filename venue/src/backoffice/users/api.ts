import { userPaths, type StaffUser, type StaffUserInput, type StaffUserUpdate } from '@plataforma/adapter';
import { resourceApi } from '../api';

/** What the users form sends: the staff user's input; an update may also unlock the login. */
export type UserPayload = StaffUserInput & Pick<StaffUserUpdate, 'loginLocked'>;

const users = resourceApi<StaffUser, UserPayload>(userPaths.cms);

export const userKeys = users.keys;
export const usersListQuery = users.listQuery;
export const useSaveUser = users.useSave;
export const useDeleteUsers = users.useDelete;
