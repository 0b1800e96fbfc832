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
  small {
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

/** A field's label; the asterisk is for the eye only (the input itself carries `required`). */
const FieldLabel = ({ htmlFor, label, required }: { htmlFor: string; label: string; required?: boolean }) => (
  <label htmlFor={htmlFor}>
    {label}
    {required && <span aria-hidden="true"> *</span>}
  </label>
);

interface FieldProps {
  label: string;
  required?: boolean;
  hint?: ReactNode;
}

/** A labelled control: the label, the control (given its id and its hint's id), an optional hint. */
const Field = ({ label, required, hint, children }: FieldProps & { children: (id: string, hintId: string | undefined) => ReactNode }) => {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <FieldBox>
      <FieldLabel htmlFor={id} label={label} required={required} />
      {children(id, hintId)}
      {hint && <small id={hintId}>{hint}</small>}
    </FieldBox>
  );
};

export const TextField = forwardRef<HTMLInputElement, FieldProps & InputHTMLAttributes<HTMLInputElement>>(
  ({ label, required, hint, ...input }, ref) => (
    <Field label={label} required={required} hint={hint}>
      {(id, hintId) => <input id={id} ref={ref} required={required} aria-describedby={hintId} {...input} />}
    </Field>
  ),
);
TextField.displayName = 'TextField';

export const TextArea = forwardRef<HTMLTextAreaElement, FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>>(
  ({ label, required, hint, ...area }, ref) => (
    <Field label={label} required={required} hint={hint}>
      {(id, hintId) => <textarea id={id} ref={ref} required={required} aria-describedby={hintId} {...area} />}
    </Field>
  ),
);
TextArea.displayName = 'TextArea';

export const SelectField = forwardRef<HTMLSelectElement, FieldProps & SelectHTMLAttributes<HTMLSelectElement>>(
  ({ label, required, hint, children, ...select }, ref) => (
    <Field label={label} required={required} hint={hint}>
      {(id, hintId) => (
        <select id={id} ref={ref} required={required} aria-describedby={hintId} {...select}>
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
  ({ label, required, hint, unit = 'R$', ...input }, ref) => (
    <Field label={label} required={required} hint={hint}>
      {(id, hintId) => (
        <Affixed>
          <span aria-hidden="true">{unit}</span>
          <input id={id} ref={ref} required={required} aria-describedby={hintId} inputMode="decimal" {...input} />
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
export const CheckboxField = forwardRef<HTMLInputElement, { label: string; hint?: ReactNode } & InputHTMLAttributes<HTMLInputElement>>(
  ({ label, hint, ...input }, ref) => {
    const id = useId();
    return (
      <CheckBox>
        <input id={id} ref={ref} type="checkbox" aria-describedby={hint ? `${id}-hint` : undefined} {...input} />
        <label htmlFor={id}>{label}</label>
        {hint && <small id={`${id}-hint`}>{hint}</small>}
      </CheckBox>
    );
  },
);
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
  const { field } = useController({ control, name });
  return (
    <TextField
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
