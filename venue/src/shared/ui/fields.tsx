import type { ReactNode } from 'react';
import styled, { css } from 'styled-components';

/**
 * The venue's one dark field kit (the soft login, the stand's contact form, the network search):
 * light text on a translucent field over the dark venue, the same border, radius and focus ring.
 */
const darkField = css`
  width: 100%;
  border-radius: ${({ theme }) => theme.radius};
  border: 1px solid rgba(255, 255, 255, 0.3);
  background: rgba(255, 255, 255, 0.06);
  color: inherit;
  font: inherit;
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 1px;
  }
`;

export const DarkInput = styled.input`
  ${darkField}
  height: 46px;
  padding: 0 14px;
`;

export const DarkTextarea = styled.textarea`
  ${darkField}
  min-height: 140px;
  padding: 12px 14px;
  resize: vertical;
`;

export const DarkSelect = styled.select`
  ${darkField}
  height: 46px;
  padding: 0 10px;
  option {
    background: #17100b;
    color: #fff;
  }
`;

/** A field's own error, under it, tied to it with aria-describedby. */
export const FieldError = styled.span`
  font-size: 0.9rem;
  font-weight: 600;
  color: #ffb4a8;
`;

/** A form in a venue modal: fields one under the other, bold labels, muted notes. */
export const DarkForm = styled.form`
  display: grid;
  gap: 14px;
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.platformTextMuted};
    line-height: 1.5;
  }
  label {
    font-weight: 600;
  }
`;

/** A small muted line under a field (a hint, a character count). */
export const FieldNote = styled.span`
  font-size: 0.85rem;
  color: ${({ theme }) => theme.colors.platformTextMuted};
`;

const Alert = styled.div`
  padding: 10px 14px;
  border-radius: ${({ theme }) => theme.radius};
  background: #b3261e;
  color: #fff;
  font-weight: 600;
`;

/** A form's error, in red, read out when it appears; `id` lets the field it concerns be described by it. */
export const FormAlert = ({ id, children }: { id?: string; children: ReactNode }) => (
  <Alert id={id} role="alert">
    {children}
  </Alert>
);
