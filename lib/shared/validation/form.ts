import { VALIDATION_DEBOUNCE_MS } from './debounce';

/**
 * Options for react-hook-form's `useForm` that give general inputs the spec's 500 ms validation
 * debounce: validate on every change but only show a new error once typing has paused
 * (`delayError`); a corrected value clears its error at once. Spread them:
 * `useForm({ ...formValidationOptions, resolver: zodResolver(schema) })`.
 */
export const formValidationOptions = {
  mode: 'onChange',
  delayError: VALIDATION_DEBOUNCE_MS,
} as const;
