import { quickCheckoutRequest, setPasswordRequest } from '../contract/users';
import { signInFormMachine } from './formSubmit.machine';

/** 'Continue without an account' on the sign-in page when it was reached from a ticket selection. */
export const quickCheckoutMachine = signInFormMachine('quickCheckout', quickCheckoutRequest, {
  firstName: '',
  lastName: '',
  email: '',
});

/** /set-password: a quick account's first password, from the link in its ticket email. */
export const setPasswordMachine = (token: string) =>
  signInFormMachine('setPassword', setPasswordRequest, { token, password: '', confirmPassword: '' });
