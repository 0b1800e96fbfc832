import { useRef, useState } from 'react';
import { ApiError } from '@plataforma/adapter/envelope';
import { messageText } from '../../shared/i18n';

/**
 * One request of a site form at a time: `run(work)` clears the alert, marks the form busy while
 * `work` runs and puts a refusal's message (the server's key, translated) in the alert.
 */
export const useRun = () => {
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const busy = useRef(false);
  const run = async (work: () => Promise<void>) => {
    if (busy.current) return;
    busy.current = true;
    setError(null);
    setSubmitting(true);
    try {
      await work();
    } catch (caught) {
      setError(messageText(caught instanceof ApiError ? caught.msg : undefined));
    } finally {
      busy.current = false;
      setSubmitting(false);
    }
  };
  return { error, setError, submitting, run };
};
