import { useState } from 'react';
import { ApiError } from '@plataforma/adapter';
import { messageText } from '../../shared/i18n';

/**
 * The one way a back-office form submits (SPEC §4): the button is disabled while it runs,
 * and a failure shows the server's message key, translated, as the form's red alert.
 */
export const useSubmit = () => {
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const run = async (action: () => Promise<void>, onFailure?: (failure: unknown) => void) => {
    setSubmitting(true);
    setError(null);
    try {
      await action();
    } catch (failure) {
      onFailure?.(failure);
      setError(messageText(failure instanceof ApiError ? failure.msg : undefined));
    } finally {
      setSubmitting(false);
    }
  };
  return { error, setError, submitting, run };
};
