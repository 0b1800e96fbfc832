import { useCallback, useMemo } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  get,
  useForm,
  type DefaultValues,
  type FieldError,
  type FieldErrors,
  type FieldPath,
  type FieldValues,
  type RegisterOptions,
  type UseFormRegisterReturn,
  type UseFormReturn,
} from 'react-hook-form';
import type { ZodType } from 'zod';
import { ApiError, fieldError, MESSAGE_FIELDS } from '@plataforma/adapter';
import { i18n, messageText } from '../../shared/i18n';
import { maxLengthOf } from './schemaLimits';
import { useSubmit } from './useSubmit';

/**
 * A registered field's props, with the message of its refusal for the field components of Form.tsx
 * and, for a text the schema limits, its `maxLength` (typing stops where the server would refuse).
 */
export type SchemaFieldProps<Name extends string> = UseFormRegisterReturn<Name> & { error?: string; maxLength?: number };

/** react-hook-form's form, whose `register` also hands the field its message when refused. */
export type SchemaForm<Input extends FieldValues, Output> = Omit<UseFormReturn<Input, unknown, Output>, 'register'> & {
  register: <Name extends FieldPath<Input>>(name: Name, options?: RegisterOptions<Input, Name>) => SchemaFieldProps<Name>;
};

/** The message zod gives a refused field: the language pack's text of its issue (field-rules). */
const issueText = (issue: Parameters<typeof fieldError>[0]) => {
  const { key, values } = fieldError(issue);
  return i18n.t(key, values);
};

/** The names of the refused fields, as registered ('address.city' for a nested one). */
const errorPaths = (errors: FieldErrors, prefix = ''): string[] =>
  Object.entries(errors).flatMap(([key, value]) => {
    if (!value || typeof value !== 'object') return [];
    const path = `${prefix}${key}`;
    return 'type' in value && typeof value.type === 'string' ? [path] : errorPaths(value as FieldErrors, `${path}.`);
  });

/** A field's label as read out, without the asterisk that is for the eye only. */
const labelOf = (control: Element): string | null => {
  const label =
    control instanceof HTMLInputElement || control instanceof HTMLSelectElement || control instanceof HTMLTextAreaElement
      ? control.labels?.[0]
      : null;
  if (!label) return control.getAttribute('aria-label');
  const copy = label.cloneNode(true) as HTMLElement;
  copy.querySelectorAll('[aria-hidden="true"]').forEach((hidden) => hidden.remove());
  return copy.textContent?.trim() || null;
};

/** The form's controls of the refused fields, in the order they are on the screen. */
const refusedControls = (formElement: HTMLFormElement, paths: readonly string[]): HTMLElement[] =>
  paths
    .map((path) => {
      const found = formElement.elements.namedItem(path);
      return found instanceof RadioNodeList ? found[0] : found;
    })
    .filter((control): control is HTMLElement => control instanceof HTMLElement)
    .sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));

/**
 * The one form pattern of the back office: react-hook-form, validated by the adapter's zod schema
 * (the one the server applies to the same payload). `submit(action)` hands the action the parsed
 * values; while it runs the button is disabled, and a refusal shows the server's message in the
 * form's red alert. Input the schema refuses is said without a request, field by field: each
 * refused field is marked with its own message (the `error` that `form.register` adds to a
 * field's props, read by Form.tsx's fields, so no form passes it by hand), the alert names the
 * fields by their labels, and focus goes to the first of them on the screen. A server refusal
 * that concerns one field (an e-mail in use) marks that field too. `run` is the same for an action
 * outside the submit (a resend).
 */
export const useSchemaForm = <Input extends FieldValues, Output>(schema: ZodType<Output, Input>, defaultValues: DefaultValues<Input>) => {
  const rhf = useForm<Input, unknown, Output>({
    resolver: zodResolver(schema, { error: issueText }),
    defaultValues,
    // Focus goes to the first refused field on the screen (below), not the first registered.
    shouldFocusError: false,
  });
  const { error, setError, submitting, run } = useSubmit();

  // Read while rendering: the form re-renders when a field's refusal comes or goes.
  void rhf.formState.errors;
  const register = useCallback(
    <Name extends FieldPath<Input>>(name: Name, options?: RegisterOptions<Input, Name>): SchemaFieldProps<Name> => {
      const message = (get(rhf.formState.errors, name) as FieldError | undefined)?.message;
      const maxLength = maxLengthOf(schema, name);
      return { ...rhf.register(name, options), error: message || undefined, ...(maxLength === undefined ? {} : { maxLength }) };
    },
    [rhf, schema],
  );
  // The same object from render to render (effects depend on it); its formState is react-hook-form's of this render.
  const form = useMemo<SchemaForm<Input, Output>>(
    () =>
      Object.assign(Object.create(rhf) as UseFormReturn<Input, unknown, Output>, {
        register,
      }) as SchemaForm<Input, Output>,
    [rhf, register],
  );

  /** Marks the field a server refusal concerns, when this form has it. */
  const markField = (failure: unknown) => {
    const field = failure instanceof ApiError ? MESSAGE_FIELDS[failure.msg] : undefined;
    if (!field || !(field in rhf.getValues())) return;
    const name = field as FieldPath<Input>;
    rhf.setError(name, { type: 'server', message: messageText(failure instanceof ApiError ? failure.msg : undefined) });
    rhf.setFocus(name);
  };

  const submit = (action: (values: Output) => Promise<void>, onFailure?: (failure: unknown) => void) =>
    rhf.handleSubmit(
      (values) =>
        run(
          () => action(values),
          (failure) => {
            markField(failure);
            onFailure?.(failure);
          },
        ),
      (refused, event) => {
        const formElement = event?.target instanceof HTMLFormElement ? event.target : null;
        const controls = formElement ? refusedControls(formElement, errorPaths(refused)) : [];
        const labels = [...new Set(controls.map(labelOf).filter((label): label is string => Boolean(label)))];
        setError(
          labels.length > 0 ? i18n.t('common.fieldErrors.summary', { fields: labels.join(', ') }) : messageText('api.error.invalidBody'),
        );
        controls[0]?.focus();
      },
    );
  return { form, error, setError, submitting, run, submit };
};
