/** The signed-in user as `/api/users/me` returns it. */
export type CurrentUser = {
  _id: string;
  firstName: string;
  lastName: string;
  email: string;
  role: 'user' | 'admin';
  hasCardOnFile: boolean;
};
