import type { LoginInput, SessionUser } from '../../../../shared/auth';
import { apiRequest } from '../../../api/client';
import { type SignInCallbacks, useSignInMutation } from './sign-in';

const loginPaths = { user: '/api/login', admin: '/api/admin/login' } as const;
export type LoginKind = keyof typeof loginPaths;

export const login = (kind: LoginKind, input: LoginInput) =>
  apiRequest<SessionUser>('POST', loginPaths[kind], input);

export const useLogin = (kind: LoginKind, callbacks: SignInCallbacks) =>
  useSignInMutation((input: LoginInput) => login(kind, input), callbacks);
