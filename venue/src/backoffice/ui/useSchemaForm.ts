import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type DefaultValues, type FieldValues } from 'react-hook-form';
import type { ZodType } from 'zod';
import { messageText } from '../../shared/i18n';
import { useSubmit } from './useSubmit';

/**
 * The one form pattern of the back office: react-hook-form, validated by the adapter's zod schema
 * (the one the server applies to the same payload). `submit(action)` hands the action the parsed
 * values; while it runs the button is disabled, and a refusal shows the server's message in the
 * form's red alert. Input the schema refuses shows what the server would answer for it ('Dados
 * inválidos…') without a request. `run` is the same for an action outside the submit (a resend).
 */
export const useSchemaForm = <Input extends FieldValues, Output>(schema: ZodType<Output, Input>, defaultValues: DefaultValues<Input>) => {
  const form = useForm<Input, unknown, Output>({ resolver: zodResolver(schema), defaultValues });
  const { error, setError, submitting, run } = useSubmit();
  const submit = (action: (values: Output) => Promise<void>, onFailure?: (failure: unknown) => void) =>
    form.handleSubmit(
      (values) => run(() => action(values), onFailure),
      () => setError(messageText('api.error.invalidBody')),
    );
  return { form, error, setError, submitting, run, submit };
};
