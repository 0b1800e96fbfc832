import { zodResolver } from '@hookform/resolvers/zod';
import i18next from 'i18next';
import type { ChangeEvent } from 'react';
import {
  get,
  useForm,
  type DefaultValues,
  type FieldError,
  type FieldPath,
  type FieldValues,
  type PathValue,
  type UseFormRegisterReturn,
} from 'react-hook-form';
import type { ZodType } from 'zod';
import { messageText } from '../../shared/i18n';

/** A text field's or a select's props as `field` gives them. */
export type SiteFieldProps = Omit<UseFormRegisterReturn, 'onChange'> & {
  'aria-invalid'?: true;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => void;
};

/** How `field` treats what is typed: masked (`mask`), and other fields emptied by a change (a state's city). */
export interface SiteFieldOptions<Name extends string> {
  mask?: (value: string) => string;
  clears?: readonly Name[];
}

/**
 * The site's one form pattern (decision 068), as the back office's (decision 016): react-hook-form
 * with the zod resolver, on a schema that checks what the screen checks before asking the server
 * and pipes the typed fields into the contract's schema (the one the server applies). What
 * differs from the back office is only the words: each refused field shows its own message key
 * (the site's 'Informe seu nome.', a CPF's 'CPF inválido.'), given by the schema's refinement or,
 * for an issue of the contract, by `messages` (the field's key); the first refused field in the
 * screen's order (`order`) takes the focus; a field's error goes as soon as it is typed in.
 */
export const useSiteForm = <Input extends FieldValues, Output>({
  schema,
  defaultValues,
  order,
  messages = {},
}: {
  schema: ZodType<Output, Input>;
  defaultValues: DefaultValues<Input>;
  order: readonly FieldPath<Input>[];
  messages?: Partial<Record<FieldPath<Input>, string>>;
}) => {
  const form = useForm<Input, unknown, Output>({ resolver: zodResolver(schema), defaultValues, shouldFocusError: false });
  const { errors } = form.formState;

  /** The text of a field's refusal: its own key (the schema's or the server's), else the field's key. */
  const errorOf = (name: FieldPath<Input>): string | undefined => {
    const error = get(errors, name) as FieldError | undefined;
    if (!error) return undefined;
    const key = error.message && i18next.exists(error.message) ? error.message : messages[name];
    return messageText(key);
  };

  /** A text field's props: registered, marked when refused, its value masked as typed (`mask`). */
  const field = <Name extends FieldPath<Input>>(
    name: Name,
    { mask, clears = [] }: SiteFieldOptions<FieldPath<Input>> = {},
  ): SiteFieldProps => ({
    ...form.register(name),
    'aria-invalid': get(errors, name) ? true : undefined,
    onChange: (event) => {
      const value = mask ? mask(event.target.value) : event.target.value;
      form.setValue(name, value as PathValue<Input, Name>);
      for (const other of clears) form.setValue(other, '' as PathValue<Input, typeof other>);
      if (get(errors, name)) form.clearErrors(name);
    },
  });

  /** Marks a field with a message key (a server's refusal about it) and takes the focus there. */
  const refuse = (name: FieldPath<Input>, key: string) => {
    form.setError(name, { type: 'server', message: key });
    form.setFocus(name);
  };

  /** The key of a refused field: its own (the schema's or the server's), else the field's, else the server's generic one. */
  const keyOf = (refused: typeof errors, name: FieldPath<Input>): string => {
    const message = (get(refused, name) as FieldError | undefined)?.message;
    return message && i18next.exists(message) ? message : (messages[name] ?? 'api.error.invalidBody');
  };

  /**
   * The form's submit handler: `action` gets the contract's input. A refusal focuses the first
   * refused field in the screen's order; `onRefused` gets its key (a form that says it in its
   * alert rather than under the field).
   */
  const submit = (action: (values: Output) => unknown, onRefused?: (key: string) => void) =>
    form.handleSubmit(
      (values) => action(values),
      (refused) => {
        const first = order.find((name) => get(refused, name));
        if (!first) return onRefused?.('api.error.invalidBody');
        form.setFocus(first);
        onRefused?.(keyOf(refused, first));
      },
    );

  return { form, errorOf, field, refuse, submit };
};

/** A zod refinement's issue on one field with the site's message key (`ctx.addIssue` of a superRefine). */
export const fieldIssue = (field: string, key: string) => ({ code: 'custom' as const, path: [field], message: key });

/** A field of a form whose refusals are said in its alert (sign-in, recovery), not under the field. */
export const unmarked = <Props extends object>(props: Props) => ({ ...props, 'aria-invalid': undefined });

/** What a step of a form in steps (sign-in, recovery) gets: the alert, the busy mark and the two ways out of its submit. */
export interface StepProps<Input> {
  error: string | null;
  submitting: boolean;
  onRefused: (key: string) => void;
  onSubmit: (input: Input) => Promise<void>;
}
