import type { ReactNode } from 'react';
import styled from 'styled-components';
import { FieldError, FieldNote } from '../../platform/ui/fields';

/** An account form's card: fieldsets with their legends, two-column rows, the footer line. */
export const Card = styled.form`
  display: grid;
  gap: 20px;
  padding: clamp(20px, 4vw, 32px);
  border-radius: 16px;
  background: rgba(22, 14, 9, 0.92);
  border: 1px solid rgba(255, 182, 140, 0.2);
  fieldset {
    display: grid;
    gap: 14px;
    margin: 0;
    padding: 0;
    border: 0;
  }
  legend {
    margin-bottom: 10px;
    padding: 0;
    font-size: 1.1rem;
    font-weight: 700;
    color: ${({ theme }) => theme.colors.primaryLight};
  }
  .row {
    display: grid;
    grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
    align-items: start;
    gap: 14px;
  }
  @media (max-width: 559px) {
    .row {
      grid-template-columns: 1fr;
    }
  }
  .footer {
    margin: 0;
    text-align: center;
    color: ${({ theme }) => theme.colors.platformTextMuted};
  }
  .footer a {
    color: ${({ theme }) => theme.colors.primaryLight};
    font-weight: 700;
  }
`;

const Field = styled.div`
  display: grid;
  gap: 6px;
  label {
    font-weight: 600;
  }
`;

/** The password rules, each ticked once the typed password meets it. */
export const Rules = styled.ul`
  display: grid;
  gap: 4px;
  margin: 0;
  padding: 10px 14px;
  border-radius: 10px;
  background: rgba(255, 255, 255, 0.05);
  list-style: none;
  font-size: 0.9rem;
  li::before {
    content: '○';
    display: inline-block;
    width: 1.4em;
  }
  li.ok {
    color: #9be7b0;
  }
  li.ok::before {
    content: '✓';
  }
`;

/** A labelled field with its note and its own error, tied to the input by ids. */
export const Labelled = ({
  id,
  label,
  note,
  error,
  children,
}: {
  id: string;
  label: string;
  note?: string;
  error?: string;
  children: (describedBy: string | undefined) => ReactNode;
}) => {
  const describedBy = [note ? `${id}-note` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <Field>
      <label htmlFor={id}>{label}</label>
      {children(describedBy)}
      {note && <FieldNote id={`${id}-note`}>{note}</FieldNote>}
      {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
    </Field>
  );
};
