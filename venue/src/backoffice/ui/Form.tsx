import { forwardRef, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes, useId } from 'react';
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

export const TextField = forwardRef<HTMLInputElement, FieldProps & InputHTMLAttributes<HTMLInputElement>>(
  ({ label, required, hint, ...input }, ref) => {
    const id = useId();
    return (
      <FieldBox>
        <FieldLabel htmlFor={id} label={label} required={required} />
        <input id={id} ref={ref} required={required} aria-describedby={hint ? `${id}-hint` : undefined} {...input} />
        {hint && <small id={`${id}-hint`}>{hint}</small>}
      </FieldBox>
    );
  },
);
TextField.displayName = 'TextField';

export const TextArea = ({ label, required, hint, ...area }: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>) => {
  const id = useId();
  return (
    <FieldBox>
      <FieldLabel htmlFor={id} label={label} required={required} />
      <textarea id={id} required={required} {...area} />
      {hint && <small>{hint}</small>}
    </FieldBox>
  );
};

export const SelectField = ({ label, required, children, ...select }: FieldProps & SelectHTMLAttributes<HTMLSelectElement>) => {
  const id = useId();
  return (
    <FieldBox>
      <FieldLabel htmlFor={id} label={label} required={required} />
      <select id={id} required={required} {...select}>
        {children}
      </select>
    </FieldBox>
  );
};

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

/** Phone mask of SPEC §5: (99) 9 9999-9999 (or (99) 9999-9999 for landlines). */
export const maskPhone = (value: string): string => {
  const digits = value.replace(/\D/g, '').slice(0, 11);
  if (digits.length <= 2) return digits.length ? `(${digits}` : '';
  if (digits.length <= 6) return `(${digits.slice(0, 2)}) ${digits.slice(2)}`;
  if (digits.length <= 10) return `(${digits.slice(0, 2)}) ${digits.slice(2, 6)}-${digits.slice(6)}`;
  return `(${digits.slice(0, 2)}) ${digits.slice(2, 3)} ${digits.slice(3, 7)}-${digits.slice(7)}`;
};
