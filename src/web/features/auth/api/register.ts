import type { RegisterInput, SessionUser } from '../../../../shared/auth';
import { apiRequest } from '../../../api/client';
import { type SignInCallbacks, useSignInMutation } from './sign-in';

export const register = (input: RegisterInput) => apiRequest<SessionUser>('POST', '/api/register', input);

export const useRegister = (callbacks: SignInCallbacks) => useSignInMutation(register, callbacks);
