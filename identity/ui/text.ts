/** uiText as Kratos emits it: `{id, text, type, context?}` (context only when the message has parameters). */
export interface UiText {
  id: number;
  text: string;
  type: 'info' | 'error' | 'success';
  context?: Record<string, unknown>;
}

const info = (id: number, text: string, context?: Record<string, unknown>): UiText => ({ id, text, type: 'info', ...(context ? { context } : {}) });
const error = (id: number, text: string, context?: Record<string, unknown>): UiText => ({ id, text, type: 'error', ...(context ? { context } : {}) });
const minutesSince = (t: Date) => ((Date.now() - t.getTime()) / 60_000).toFixed(2);
const expired = (t: Date) => ({ expired_at: t.toISOString(), expired_at_unix: Math.floor(t.getTime() / 1000) });

export const text = {
  login: () => info(1010001, 'Sign in'),
  loginWith: (provider: string, providerId: string) => info(1010002, `Sign in with ${provider}`, { provider, provider_id: providerId }),
  loginReAuth: () => info(1010003, 'Please confirm this action by verifying that it is you.'),
  loginLink: (dup: string, provider: string, newLoginUrl: string) =>
    info(1010016, `You tried to sign in with "${dup}", but that email is already used by another account. Sign in to your account with one of the options below to add your account "${dup}" at "${provider}" as another way to sign in.`, {
      duplicateIdentifier: dup,
      duplicate_identifier: dup,
      provider,
      newLoginUrl,
      new_login_url: newLoginUrl,
      available_credential_types: ['password'],
      available_providers: [],
    }),
  loginPassword: () => info(1010022, 'Sign in with password'),
  registration: () => info(1040001, 'Sign up'),
  registrationWith: (provider: string, providerId: string) => info(1040002, `Sign up with ${provider}`, { provider, provider_id: providerId }),
  settingsSaved: (): UiText => ({ id: 1050001, text: 'Your changes have been saved!', type: 'success' }),
  linkOidc: (provider: string) => info(1050002, `Link ${provider}`, { provider }),
  unlinkOidc: (provider: string) => info(1050003, `Unlink ${provider}`, { provider }),
  recoverySuccessful: (privilegedUntil: Date): UiText => ({
    id: 1060001,
    text: `You successfully recovered your account. Please change your password or set up an alternative login method (e.g. social sign in) within the next ${((privilegedUntil.getTime() - Date.now()) / 60_000).toFixed(2)} minutes.`,
    type: 'success',
    context: {
      privilegedSessionExpiresAt: privilegedUntil.toISOString(),
      privileged_session_expires_at: privilegedUntil.toISOString(),
      privileged_session_expires_at_unix: Math.floor(privilegedUntil.getTime() / 1000),
    },
  }),
  recoveryCodeSent: () =>
    info(1060003, 'An email containing a recovery code has been sent to the email address you provided. If you have not received an email, check the spelling of the address and make sure to use the address you registered with.'),
  labelPassword: () => info(1070001, 'Password'),
  labelGenerated: (title: string, name: string) => info(1070002, title, { title, name }),
  labelSave: () => info(1070003, 'Save'),
  labelId: () => info(1070004, 'ID'),
  labelEmail: () => info(1070007, 'Email'),
  labelResend: () => info(1070008, 'Resend code'),
  labelContinue: () => info(1070009, 'Continue'),
  labelRecoveryCode: () => info(1070010, 'Recovery code'),
  labelVerificationCode: () => info(1070011, 'Verification code'),
  verificationSuccess: (): UiText => ({ id: 1080002, text: 'You successfully verified your email address.', type: 'success' }),
  verificationCodeSent: () =>
    info(1080003, 'An email containing a verification code has been sent to the email address you provided. If you have not received an email, check the spelling of the address and make sure to use the address you registered with.'),
  generic: (reason: string) => error(4000001, reason, { reason }),
  required: (property: string) => error(4000002, `Property ${property} is missing.`, { property }),
  minLength: (min: number, actual: number) => error(4000003, `length must be >= ${min}, but got ${actual}`, { min_length: min, actual_length: actual }),
  invalidCredentials: () => error(4000006, 'The provided credentials are invalid, check for spelling mistakes in your password or username, email address, or phone number.'),
  duplicate: () => error(4000007, 'An account with the same identifier (email, phone, username, ...) exists already.'),
  addressNotVerified: () => error(4000010, 'Account not active yet. Did you forget to verify your email address?'),
  maxLength: (max: number, actual: number) => error(4000017, `length must be <= ${max}, but got ${actual}`, { max_length: max, actual_length: actual }),
  wrongType: (allowed: string[], actual: string) => error(4000026, `expected ${allowed.join(' or ')}, but got ${actual}`, { allowed_types: allowed, actual_type: actual }),
  duplicateOnLink: () =>
    error(4000027, 'An account with the same identifier (email, phone, username, ...) exists already. Please sign in to your existing account to link your social profile.'),
  passwordSimilar: () => error(4000031, 'The password can not be used because it is too similar to the identifier.'),
  passwordMinLength: (min: number, actual: number) =>
    error(4000032, `The password must be at least ${min} characters long, but got ${actual}.`, { min_length: min, actual_length: actual }),
  passwordBreached: (breaches: number) => error(4000034, 'The password has been found in data breaches and must no longer be used.', { breaches }),
  passwordSameAsOld: () => error(4000039, 'The password can not be the same as the old password.'),
  invalidEmail: (value: string) => error(4000040, `${JSON.stringify(value)} is not valid "email"`, { value }),
  loginExpired: (t: Date) => error(4010001, `The login flow expired ${minutesSince(t)} minutes ago, please try again.`, expired(t)),
  loginNoStrategy: () => error(4010002, 'Could not find a strategy to log you in with. Did you fill out the form correctly?'),
  registrationNoStrategy: () => error(4010003, 'Could not find a strategy to sign you up with. Did you fill out the form correctly?'),
  settingsNoStrategy: () => error(4010004, 'Could not find a strategy to update your settings. Did you fill out the form correctly?'),
  recoveryNoStrategy: () => error(4010005, 'Could not find a strategy to recover your account with. Did you fill out the form correctly?'),
  verificationNoStrategy: () => error(4010006, 'Could not find a strategy to verify your account with. Did you fill out the form correctly?'),
  identityDisabled: () => error(4010011, 'You cannot sign in because your account is disabled.'),
  registrationExpired: (t: Date) => error(4040001, `The registration flow expired ${minutesSince(t)} minutes ago, please try again.`, expired(t)),
  settingsExpired: (t: Date) => error(4050001, `The settings flow expired ${minutesSince(t)} minutes ago, please try again.`, expired(t)),
  recoveryRetrySuccess: () => error(4060001, 'The request was already completed successfully and can not be retried.'),
  recoveryExpired: (t: Date) => error(4060005, `The recovery flow expired ${minutesSince(t)} minutes ago, please try again.`, expired(t)),
  recoveryCodeInvalid: () => error(4060006, 'The recovery code is invalid or has already been used. Please try again.'),
  verificationRetrySuccess: () => error(4070002, 'The request was already completed successfully and can not be retried.'),
  verificationExpired: (t: Date) => error(4070005, `The verification flow expired ${minutesSince(t)} minutes ago, please try again.`, expired(t)),
  verificationCodeInvalid: () => error(4070006, 'The verification code is invalid or has already been used. Please try again.'),
  tooOften: () => error(4000001, 'The request was submitted too often. Please request another code.', { reason: 'The request was submitted too often. Please request another code.' }),
  system: (reason: string) => error(5000001, reason, { reason }),
};
