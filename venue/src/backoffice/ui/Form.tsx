import { forwardRef, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes, useId } from 'react';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import styled from 'styled-components';

export const FieldBox = styled.div`
  display: grid;
  gap: 6px;
  margin-bottom: 16px;
  label {
    font-weight: 600;
    font-size: 0.9rem;
  }
  input,
  select,
  textarea {
    font: inherit;
    padding: 10px 12px;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius};
    background: #fff;
    color: ${({ theme }) => theme.colors.text};
    min-height: 42px;
  }
  input:focus,
  select:focus,
  textarea:focus {
    border-color: ${({ theme }) => theme.colors.primary};
    outline: 2px solid rgba(163, 65, 0, 0.25);
  }
  [aria-invalid='true'],
  [aria-invalid='true']:focus {
    border-color: ${({ theme }) => theme.colors.error};
  }
  small {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  small.error {
    color: ${({ theme }) => theme.colors.error};
    font-weight: 600;
  }
`;

/** A field's label; the asterisk is for the eye only (the input itself carries `required`). */
export const FieldLabel = ({ htmlFor, label, required }: { htmlFor: string; label: string; required?: boolean }) => (
  <label htmlFor={htmlFor}>
    {label}
    {required && <span aria-hidden="true"> *</span>}
  </label>
);

interface FieldProps {
  label: string;
  required?: boolean;
  hint?: ReactNode;
  /** Why the value was refused (useSchemaForm's `register` hands it over): shown under the field, which is marked. */
  error?: string;
}

/** What a control of a field carries: its id, and its invalid mark and description (the hint and the error). */
interface ControlProps {
  id: string;
  'aria-invalid'?: boolean | 'true' | 'false' | 'grammar' | 'spelling';
  'aria-describedby'?: string;
}

/**
 * A labelled control: the label, the control (given its id, its invalid mark and the ids of its
 * hint and its error), an optional hint and the error's message under it. `invalid` is a mark the
 * form sets itself (a lecture's end before its start), kept when there is no message.
 */
const Field = ({
  label,
  required,
  hint,
  error,
  invalid,
  describedBy,
  children,
}: FieldProps & {
  invalid?: ControlProps['aria-invalid'];
  /** A description of the form's own (the password's rules), before the hint and the error. */
  describedBy?: string;
  children: (control: ControlProps) => ReactNode;
}) => {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <FieldBox>
      <FieldLabel htmlFor={id} label={label} required={required} />
      {children({
        id,
        'aria-invalid': error ? true : invalid,
        'aria-describedby': [describedBy, hintId, errorId].filter(Boolean).join(' ') || undefined,
      })}
      {hint && <small id={hintId}>{hint}</small>}
      {error && (
        <small id={errorId} className="error">
          {error}
        </small>
      )}
    </FieldBox>
  );
};

export const TextField = forwardRef<HTMLInputElement, FieldProps & InputHTMLAttributes<HTMLInputElement>>(
  ({ label, required, hint, error, 'aria-invalid': invalid, 'aria-describedby': describedBy, ...input }, ref) => (
    <Field label={label} required={required} hint={hint} error={error} invalid={invalid} describedBy={describedBy}>
      {(control) => <input ref={ref} required={required} {...input} {...control} />}
    </Field>
  ),
);
TextField.displayName = 'TextField';

export const TextArea = forwardRef<HTMLTextAreaElement, FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>>(
  ({ label, required, hint, error, 'aria-invalid': invalid, 'aria-describedby': describedBy, ...area }, ref) => (
    <Field label={label} required={required} hint={hint} error={error} invalid={invalid} describedBy={describedBy}>
      {(control) => <textarea ref={ref} required={required} {...area} {...control} />}
    </Field>
  ),
);
TextArea.displayName = 'TextArea';

export const SelectField = forwardRef<HTMLSelectElement, FieldProps & SelectHTMLAttributes<HTMLSelectElement>>(
  ({ label, required, hint, error, 'aria-invalid': invalid, 'aria-describedby': describedBy, children, ...select }, ref) => (
    <Field label={label} required={required} hint={hint} error={error} invalid={invalid} describedBy={describedBy}>
      {(control) => (
        <select ref={ref} required={required} {...select} {...control}>
          {children}
        </select>
      )}
    </Field>
  ),
);
SelectField.displayName = 'SelectField';

const Affixed = styled.div`
  display: flex;
  align-items: stretch;
  span {
    display: grid;
    place-items: center;
    padding: 0 12px;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-right: 0;
    border-radius: ${({ theme }) => theme.radius} 0 0 ${({ theme }) => theme.radius};
    background: ${({ theme }) => theme.colors.surfaceMuted};
    color: ${({ theme }) => theme.colors.textMuted};
    font-weight: 600;
  }
  input {
    flex: 1;
    min-width: 0;
    border-radius: 0 ${({ theme }) => theme.radius} ${({ theme }) => theme.radius} 0;
  }
`;

/** An amount field with its unit before the value ('R$', SPEC §2.3; '%'); the unit is visual, the label and hint say it. */
export const MoneyField = forwardRef<HTMLInputElement, FieldProps & InputHTMLAttributes<HTMLInputElement> & { unit?: string }>(
  ({ label, required, hint, error, 'aria-invalid': invalid, 'aria-describedby': describedBy, unit = 'R$', ...input }, ref) => (
    <Field label={label} required={required} hint={hint} error={error} invalid={invalid} describedBy={describedBy}>
      {(control) => (
        <Affixed>
          <span aria-hidden="true">{unit}</span>
          <input ref={ref} required={required} inputMode="decimal" {...input} {...control} />
        </Affixed>
      )}
    </Field>
  ),
);
MoneyField.displayName = 'MoneyField';

/** A two-state switch (SPEC §2.3: open/closed, 'Rascunho'/'Publicado'): its label names it, the text beside it says the state. */
export const Switch = ({
  label,
  checked,
  onChange,
  onText,
  offText,
  disabled,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  onText: string;
  offText: string;
  disabled?: boolean;
}) => {
  const id = useId();
  return (
    <SwitchBox>
      <span id={`${id}-label`} className="label">
        {label}
      </span>
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-state`}
        disabled={disabled}
        onClick={() => onChange(!checked)}
      >
        <span className="knob" aria-hidden="true" />
      </button>
      <span id={`${id}-state`} className="state">
        {checked ? onText : offText}
      </span>
    </SwitchBox>
  );
};

const SwitchBox = styled.div`
  display: flex;
  align-items: center;
  gap: 10px;
  margin-bottom: 16px;
  .label {
    font-weight: 600;
    font-size: 0.9rem;
    min-width: 96px;
  }
  button {
    position: relative;
    width: 46px;
    height: 26px;
    border-radius: 13px;
    border: 2px solid ${({ theme }) => theme.colors.textMuted};
    background: ${({ theme }) => theme.colors.surfaceMuted};
    cursor: pointer;
    padding: 0;
  }
  button[aria-checked='true'] {
    background: ${({ theme }) => theme.colors.primary};
    border-color: ${({ theme }) => theme.colors.primary};
  }
  .knob {
    position: absolute;
    top: 2px;
    left: 2px;
    width: 18px;
    height: 18px;
    border-radius: 50%;
    background: #fff;
    box-shadow: 0 1px 3px rgba(0, 0, 0, 0.4);
    transition: transform 150ms ease;
  }
  button[aria-checked='true'] .knob {
    transform: translateX(20px);
  }
  .state {
    font-size: 0.95rem;
  }
`;

/** A checkbox with its label on the right ('Evento gratuito'). */
export const CheckboxField = forwardRef<
  HTMLInputElement,
  { label: string; hint?: ReactNode; error?: string } & InputHTMLAttributes<HTMLInputElement>
>(({ label, hint, error, ...input }, ref) => {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <CheckBox>
      <input id={id} ref={ref} type="checkbox" aria-describedby={describedBy} aria-invalid={error ? true : undefined} {...input} />
      <label htmlFor={id}>{label}</label>
      {hint && <small id={`${id}-hint`}>{hint}</small>}
      {error && (
        <small id={`${id}-error`} className="error">
          {error}
        </small>
      )}
    </CheckBox>
  );
});
CheckboxField.displayName = 'CheckboxField';

const CheckBox = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;
  margin-bottom: 16px;
  input {
    width: 18px;
    height: 18px;
    accent-color: ${({ theme }) => theme.colors.primary};
  }
  label {
    font-weight: 600;
    font-size: 0.9rem;
  }
  small {
    flex-basis: 100%;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  small.error {
    color: ${({ theme }) => theme.colors.error};
    font-weight: 600;
  }
`;

type MaskedFieldProps<Values extends FieldValues, Output> = FieldProps &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'value' | 'onChange' | 'onBlur'> & {
    control: Control<Values, unknown, Output>;
    name: FieldPath<Values>;
    /** What the field keeps of what is typed: a mask, digits only, a length. */
    mask: (value: string) => string;
  };

/** A text field of a schema form whose value is reshaped as it is typed (phone mask, digits only). */
export const MaskedField = <Values extends FieldValues, Output>({ control, name, mask, ...input }: MaskedFieldProps<Values, Output>) => {
  const { field, fieldState } = useController({ control, name });
  return (
    <TextField
      error={fieldState.error?.message || undefined}
      {...input}
      name={field.name}
      ref={field.ref}
      value={String(field.value ?? '')}
      onBlur={field.onBlur}
      onChange={(event) => field.onChange(mask(event.target.value))}
    />
  );
};

/** Keeps the digits of a value, at most `max` of them. */
export const digitsOnly =
  (max = Infinity) =>
  (value: string): string =>
    value.replace(/\D/g, '').slice(0, max);

/** The red alert that shows a server message inside a form (SPEC §8). */
export const ErrorAlert = styled.div.attrs({ role: 'alert' })`
  background: #fdecea;
  color: ${({ theme }) => theme.colors.error};
  border: 1px solid #f5c2bd;
  border-radius: ${({ theme }) => theme.radius};
  padding: 10px 14px;
  margin-bottom: 16px;
  font-weight: 500;
`;

export const InfoNote = styled.p`
  background: ${({ theme }) => theme.colors.surfaceMuted};
  border-radius: ${({ theme }) => theme.radius};
  padding: 10px 14px;
  margin: 0 0 16px;
  font-size: 0.9rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

export { maskPhone } from '../../shared/masks';
