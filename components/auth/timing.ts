/** spec §9: the wait before a code may be sent again (seconds; the spec leaves the value open). */
export const RESEND_WAIT_SECONDS = 30;
/** spec §2: the countdown before the redirect after a recovery or a verification (seconds). */
export const REDIRECT_COUNTDOWN_SECONDS = 5;
